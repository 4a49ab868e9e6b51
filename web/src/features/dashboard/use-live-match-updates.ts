import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { useSocketEvents } from '../../shared/live';
import {
  STALE_ON_NOTIFICATION,
  STALE_ON_RESYNC,
  type StaleTags,
  staleOnMatchUpdated,
  staleOnViewChanged,
} from './match-live';

/**
 * While Home or a dashboard is open, `match:updated` (a new application, or one accepted, rejected,
 * completed or withdrawn) makes the figures, the recent applications with their status and the
 * projects' applicant counts stale; any other `notification` (a verified portfolio item, a plan
 * change, a message) changes the figures. Each is pushed once its service committed, so what it
 * names is asked again at once; the applicant counts, which the projects service keeps from matching's
 * events, follow when it announces them (`view:changed`). After the socket was down, events may have
 * been missed: the same is asked again. The application lists follow the socket by themselves
 * (matching.api.ts); this covers what they do not. Which tags each event makes stale: match-live.ts.
 */
export function useLiveMatchUpdates(): void {
  const dispatch = useAppDispatch();
  const refresh = (stale: StaleTags | null) => {
    if (stale) dispatch(api.util.invalidateTags(stale));
  };
  useSocketEvents({
    on: {
      'match:updated': ({ projectId }) => refresh(staleOnMatchUpdated(projectId)),
      'view:changed': (change) => refresh(staleOnViewChanged(change)),
      notification: () => refresh(STALE_ON_NOTIFICATION),
    },
    resync: () => refresh(STALE_ON_RESYNC),
  });
}
