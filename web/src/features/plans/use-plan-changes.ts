import { AdminNotificationKind } from '@projectory/contracts/values';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { useSocketEvents } from '../../shared/live';

/**
 * While mounted, a `plan.changed` notification (an admin changed this user's plan) asks again for the
 * user and the dashboard figures, so the plan and the applications left change without a reload.
 */
export function usePlanChanges(): void {
  const dispatch = useAppDispatch();
  useSocketEvents({
    on: {
      notification: (pushed) => {
        if (pushed.kind === AdminNotificationKind.PlanChanged) dispatch(api.util.invalidateTags(['User', 'Dashboard']));
      },
    },
  });
}
