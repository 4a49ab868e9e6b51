import type { CareerProgress } from './careers/careers.js';
import type { Message, MessageRead } from './messaging.js';
import type { PortfolioItem } from './portfolio.js';

/** The Socket.IO contract (API.md "Messaging"): what the server emits and what clients may send. */
export interface ServerToClientEvents {
  /** `id`: the stored notification's id in the inbox (the event's id), added by the gateway. */
  notification: (data: { id?: string; kind: string; title: string; body?: string; link?: string }) => void;
  'match:updated': (data: { matchId: string; status: string; projectId: string }) => void;
  /** To the owner: one of their portfolio items as it is now (a reviewer moved it). */
  'portfolio:updated': (data: PortfolioItem) => void;
  /** To the student: how far their career recommendations' generation is. */
  'careers:progress': (data: CareerProgress) => void;
  /** To both participants (every tab): a message as stored. */
  'message:new': (data: Message) => void;
  /** To the other participant: the reader's pointer moved. */
  'message:read': (data: MessageRead) => void;
  'call:invite': (data: CallPayload) => void;
  'call:accept': (data: CallPayload) => void;
  'call:decline': (data: CallPayload) => void;
  'call:signal': (data: CallPayload & { signal: unknown }) => void;
  'call:end': (data: CallPayload) => void;
}

export interface ClientToServerEvents {
  'call:invite': (data: CallPayload) => void;
  'call:accept': (data: CallPayload) => void;
  'call:decline': (data: CallPayload) => void;
  'call:signal': (data: CallPayload & { signal: unknown }) => void;
  'call:end': (data: CallPayload) => void;
}

export interface CallPayload {
  matchId: string;
  fromUserId?: string;
}

/** The room every socket of one user joins; only the server joins it. */
export const userRoom = (userId: string): string => `user:${userId}`;
/** The room of one session, so that revoking the session can disconnect exactly its sockets. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
