import { App } from 'antd';
import { useCallback } from 'react';
import { api } from '../../api/api';
import { setSignedInHint } from '../../api/session-hint';
import { socket } from '../../api/socket';
import { useAppDispatch } from '../../app/hooks';
import { useLogoutMutation } from './session.api';
import { sessionTexts } from './session.texts';

/**
 * Logs out: POST /api/auth/logout, then forget everything this tab knew and load `/` (the landing page,
 * served without the app). If the call fails, GET /api/logout revokes the session by navigation instead.
 */
export function useLogout(): { logOut: () => Promise<void>; loggingOut: boolean } {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const { message } = App.useApp();

  const logOut = useCallback(async () => {
    setSignedInHint(null);
    socket.disconnect();
    try {
      await logout(undefined).unwrap();
    } catch {
      window.location.assign('/api/logout');
      return;
    }
    void message.loading(sessionTexts.signingOut, 0);
    dispatch(api.util.resetApiState());
    window.location.assign('/');
  }, [logout, dispatch, message]);

  return { logOut, loggingOut: isLoading };
}
