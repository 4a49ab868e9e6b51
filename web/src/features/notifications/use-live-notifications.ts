import { App } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ServerToClientEvents } from '../../api/socket';
import { useAppDispatch } from '../../app/hooks';
import { useSocketEvents } from '../../shared/live';
import { notificationsApi, NOTIFICATION_INBOX_TAGS, type Notification } from './notifications.api';
import { liveToast } from './live-toast';
import { notificationToast } from './NotificationToast';

export type PushedNotification = Parameters<ServerToClientEvents['notification']>[0];

/** Long enough to read a title, a sentence and reach 'View' (antd's default is 4.5 s). */
const TOAST_SECONDS = 8;

export interface Announcement {
  /** Changes with every notification, so that the same words twice are read twice. */
  key: number;
  text: string;
}

/**
 * The signed-in app's one listener for live notifications (AppShell runs it once): each pushed
 * `notification` goes on top of the bell's list and raises its count, shows a toast with its link, and
 * becomes the text screen readers hear. After the socket was down and the server could not replay what
 * it missed, the bell is asked for again.
 */
export function useLiveNotifications(): Announcement | undefined {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { notification: toasts } = App.useApp();
  const [announcement, setAnnouncement] = useState<Announcement>();
  const counter = useRef(0);

  const resync = () => void dispatch(notificationsApi.util.invalidateTags(NOTIFICATION_INBOX_TAGS));
  const markRead = (id: string) =>
    void dispatch(notificationsApi.endpoints.markNotificationsRead.initiate({ ids: [id] }));

  // The pushed notification is the inbox's row (same id, stored from the same event): it goes on top of
  // the bell's list at once, whether or not the inbox has stored it yet.
  const addToInbox = (pushed: PushedNotification) => {
    const stored: Notification = {
      id: pushed.id,
      type: pushed.kind,
      title: pushed.title,
      body: pushed.body ?? null,
      link: pushed.link ?? null,
      createdAt: new Date().toISOString(),
      readAt: null,
    };
    let known = false;
    dispatch(
      notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => {
        known = draft.pages.some((page) => page.items.some((item) => item.id === pushed.id));
        if (!known) draft.pages[0]?.items.unshift(stored);
      }),
    );
    if (known) return;
    dispatch(
      notificationsApi.util.updateQueryData('getUnreadNotificationCount', undefined, (draft) => {
        draft.count += 1;
      }),
    );
  };

  const onNotification = (pushed: PushedNotification) => {
    addToInbox(pushed);
    liveToast.shown(pushed.id);
    toasts.open(
      notificationToast({
        key: pushed.id,
        pushed,
        duration: TOAST_SECONDS,
        onOpen: (link) => {
          toasts.destroy(pushed.id);
          markRead(pushed.id);
          void navigate(link);
        },
      }),
    );
    setAnnouncement({ key: ++counter.current, text: [pushed.title, pushed.body].filter(Boolean).join('. ') });
  };

  // A short drop is recovered by the server, which replays the missed pushes (counting them here);
  // after a longer one nothing is replayed, and the bell is asked again instead.
  useSocketEvents({ on: { notification: onNotification }, resync });

  return announcement;
}
