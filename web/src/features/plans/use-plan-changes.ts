import { useEffect } from 'react';
import { AdminNotificationKind } from '@projectory/contracts/values';
import { api } from '../../api/api';
import { socket, type ServerToClientEvents } from '../../api/socket';
import { useAppDispatch } from '../../app/hooks';

type Pushed = Parameters<ServerToClientEvents['notification']>[0];

/**
 * While mounted, a `plan.changed` notification (an admin changed this user's plan) asks again for the
 * user and the dashboard figures, so the plan and the applications left change without a reload.
 */
export function usePlanChanges(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onNotification = (pushed: Pushed) => {
      if (pushed.kind === AdminNotificationKind.PlanChanged) dispatch(api.util.invalidateTags(['User', 'Dashboard']));
    };
    socket.on('notification', onNotification);
    return () => {
      socket.off('notification', onNotification);
    };
  }, [dispatch]);
}
