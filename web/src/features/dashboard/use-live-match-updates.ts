import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { useSocketEvents } from '../../shared/live';

type Tags = Parameters<typeof api.util.invalidateTags>[0];

/**
 * While Home or a dashboard is open, `match:updated` (a new application, or one accepted, rejected,
 * completed or withdrawn) makes the figures, the recent applications with their status and the
 * projects' applicant counts stale; any other `notification` (a verified portfolio item, a plan
 * change, a message) changes the figures. Each is pushed once its service committed, so what it
 * names is asked again at once; the applicant counts, which the projects service keeps from matching's
 * events, follow when it announces them (`view:changed`). After the socket was down, events may have
 * been missed: the same is asked again. The application lists follow the socket by themselves
 * (matching.api.ts); this covers what they do not.
 */
export function useLiveMatchUpdates(): void {
  const dispatch = useAppDispatch();
  const refresh = (stale: Tags) => dispatch(api.util.invalidateTags(stale));
  useSocketEvents({
    on: {
      'match:updated': ({ projectId }) =>
        refresh(['Dashboard', { type: 'Project', id: 'MINE' }, { type: 'Project', id: projectId }]),
      'view:changed': (change) => {
        if (change.view !== 'dashboard') return;
        refresh([
          'Dashboard',
          { type: 'Project', id: 'MINE' },
          ...(change.projectId ? [{ type: 'Project' as const, id: change.projectId }] : []),
        ]);
      },
      notification: () => refresh(['Dashboard']),
    },
    resync: () => refresh(['Dashboard', { type: 'Project', id: 'MINE' }]),
  });
}
