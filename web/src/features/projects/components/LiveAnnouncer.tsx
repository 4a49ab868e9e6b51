import { useEffect, useState } from 'react';
import { socket, type ServerToClientEvents } from '../../../api/socket';

type Notification = Parameters<ServerToClientEvents['notification']>[0];

/**
 * Reads out the server's `notification` events ("New application", "Application accepted") to screen
 * reader users: the lists change in place without a reload, which a sighted user sees but a screen
 * reader does not announce by itself.
 */
export function LiveAnnouncer() {
  const [text, setText] = useState('');
  useEffect(() => {
    const onNotification = (notification: Notification) =>
      setText([notification.title, notification.body].filter(Boolean).join('. '));
    socket.on('notification', onNotification);
    return () => {
      socket.off('notification', onNotification);
    };
  }, []);
  return (
    <div className="pj-visually-hidden" role="status" aria-live="polite">
      {text}
    </div>
  );
}
