import { App } from 'antd';
import { failureMessage, toApiFailure } from '../../api/api-error';

/** A refused admin action as a toast with the server's own words (e.g. "You cannot suspend yourself"). */
export function useAdminFailure() {
  const { notification } = App.useApp();
  return (title: string, error: unknown) => {
    notification.error({ title, description: failureMessage(toApiFailure(error)) });
  };
}
