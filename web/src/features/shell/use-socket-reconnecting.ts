import { useEffect, useState } from 'react';
import { socket } from '../../api/socket';

/**
 * Whether the live connection dropped after having been up and is trying to come back. A socket that
 * was closed on purpose (log out, a new session) is not reconnecting: `socket.active` is false then.
 */
export function useSocketReconnecting(): boolean {
  const [reconnecting, setReconnecting] = useState(false);
  useEffect(() => {
    const onDisconnect = () => setReconnecting(socket.active);
    const onConnect = () => setReconnecting(false);
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    return () => {
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
    };
  }, []);
  return reconnecting;
}
