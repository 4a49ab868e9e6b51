import { useEffect } from 'react';
import { api } from '../../api/api';
import { socket } from '../../api/socket';
import { useAppDispatch } from '../../app/hooks';

/**
 * The projects service counts applicants from matching's events, a moment after the application
 * itself: the project lists are asked again once more after this delay, so the count catches up.
 */
const PROJECT_COUNT_LAG_MS = 2000;

/**
 * While a dashboard is open, `match:updated` (a new application, or one accepted, rejected, completed
 * or withdrawn) makes the figures and the projects' applicant counts stale. The application lists
 * follow the socket by themselves (matching.api.ts); this covers what they do not.
 */
export function useLiveMatchUpdates(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onUpdate = ({ projectId }: { projectId: string }) => {
      const stale = ['Dashboard', { type: 'Project', id: 'MINE' }, { type: 'Project', id: projectId }] as const;
      dispatch(api.util.invalidateTags([...stale]));
      clearTimeout(timer);
      timer = setTimeout(() => dispatch(api.util.invalidateTags([...stale])), PROJECT_COUNT_LAG_MS);
    };
    socket.on('match:updated', onUpdate);
    return () => {
      socket.off('match:updated', onUpdate);
      clearTimeout(timer);
    };
  }, [dispatch]);
}
