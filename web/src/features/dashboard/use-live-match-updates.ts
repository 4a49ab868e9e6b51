import { useEffect } from 'react';
import { api } from '../../api/api';
import { socket } from '../../api/socket';
import { useAppDispatch } from '../../app/hooks';

/**
 * The projects service counts applicants, and the messaging service the unread notifications, from
 * events a moment after the change itself: what they feed is asked again once more after this delay,
 * so that the figures catch up.
 */
const READ_MODEL_LAG_MS = 2000;

type Tags = Parameters<typeof api.util.invalidateTags>[0];

/**
 * While Home or a dashboard is open, `match:updated` (a new application, or one accepted, rejected,
 * completed or withdrawn) makes the figures, the recent applications with their status and the
 * projects' applicant counts stale; any other `notification` (a verified portfolio item, a plan
 * change, a message) changes the figures. After the socket was down, events may have been missed:
 * the same is asked again. The application lists follow the socket by themselves (matching.api.ts);
 * this covers what they do not.
 */
export function useLiveMatchUpdates(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let dropped = false;
    // What is asked again after the lag: everything made stale since the last time.
    let later: Tags = [];
    const refresh = (stale: Tags) => {
      dispatch(api.util.invalidateTags(stale));
      later = [...later, ...stale];
      clearTimeout(timer);
      timer = setTimeout(() => {
        dispatch(api.util.invalidateTags(later));
        later = [];
      }, READ_MODEL_LAG_MS);
    };
    const onMatchUpdated = ({ projectId }: { projectId: string }) =>
      refresh(['Dashboard', { type: 'Project', id: 'MINE' }, { type: 'Project', id: projectId }]);
    const onNotification = () => refresh(['Dashboard']);
    const onDisconnect = () => {
      dropped = true;
    };
    const onConnect = () => {
      if (!dropped) return;
      dropped = false;
      refresh(['Dashboard', { type: 'Project', id: 'MINE' }]);
    };
    socket.on('match:updated', onMatchUpdated);
    socket.on('notification', onNotification);
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    return () => {
      socket.off('match:updated', onMatchUpdated);
      socket.off('notification', onNotification);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
      clearTimeout(timer);
    };
  }, [dispatch]);
}
