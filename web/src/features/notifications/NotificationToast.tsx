import { Button, type NotificationArgsProps } from 'antd';
import type { ServerToClientEvents } from '../../api/socket';
import { notificationsTexts as t } from './notifications.texts';

type PushedNotification = Parameters<ServerToClientEvents['notification']>[0];

export interface NotificationToastOptions {
  key: string;
  pushed: PushedNotification;
  duration: number;
  /** Follows the notification's link inside the app (the toast lives outside the router). */
  onOpen: (link: string) => void;
}

/**
 * The toast of a pushed notification: its title, its body and 'View' when it links somewhere. It is
 * a polite status, not an alert: the app's one live region already reads it out (LiveNotifications).
 */
export function notificationToast({ key, pushed, duration, onOpen }: NotificationToastOptions): NotificationArgsProps {
  const { link } = pushed;
  return {
    key,
    title: pushed.title,
    description: pushed.body,
    duration,
    role: 'status',
    className: 'pj-notification-toast',
    actions: link ? (
      <Button
        type="primary"
        size="small"
        href={link}
        onClick={(event) => {
          event.preventDefault();
          onOpen(link);
        }}
      >
        {t.toast.open}
      </Button>
    ) : undefined,
  };
}
