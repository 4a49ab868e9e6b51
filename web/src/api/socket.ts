import { SOCKET_PATH } from '@projectory/contracts/values';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@projectory/contracts';

export type { ClientToServerEvents, ServerToClientEvents };
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The Socket.IO connection, authenticated by the session cookie. It does not connect by itself:
 * connect it once a session exists and disconnect it on logout or `sessionExpired`. Features listen
 * to it from `onCacheEntryAdded` of their endpoints to update the cache live.
 */
export const socket: AppSocket = io({ path: SOCKET_PATH, withCredentials: true, autoConnect: false });
