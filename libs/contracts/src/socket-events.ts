import type {
  CallAck,
  CallActionEvent,
  CallEndedEvent,
  CallInvite,
  CallInviteEvent,
  CallRingingEvent,
  CallSignal,
  CallSignalEvent,
} from './calls.js';
import type { CareerProgress } from './careers/careers.js';
import type { Message, MessageRead } from './messaging.js';
import type { PortfolioItem } from './portfolio.js';

/**
 * `conversations`: messaging's list of conversations (a match was created or changed status);
 * `dashboard`: a figure of the dashboard, and with `projectId` that project's applicant count;
 * `admin`: the admin console's lists and figures (the admin service recorded an admin action).
 */
export type ViewChanged = { view: 'conversations' } | { view: 'dashboard'; projectId?: string } | { view: 'admin' };

/** The Socket.IO contract (API.md "Messaging"): what the server emits and what clients may send. */
export interface ServerToClientEvents {
  /** `id`: the stored notification's id in the inbox (the event's id), added by the gateway. */
  notification: (data: { id: string; kind: string; title: string; body?: string; link?: string }) => void;
  'match:updated': (data: { matchId: string; status: string; projectId: string }) => void;
  /** To both participants (every tab): something in the match's workspace changed; clients ask again. */
  'workspace:updated': (data: { matchId: string }) => void;
  /**
   * A list the user sees changed in a service's read model (fed by another service's events, so a moment
   * after the change itself): the service says so once its transaction committed, and clients ask again.
   */
  'view:changed': (data: ViewChanged) => void;
  /** To the owner: one of their portfolio items as it is now (a reviewer moved it). */
  'portfolio:updated': (data: PortfolioItem) => void;
  /** To the student: how far their career recommendations' generation is. */
  'careers:progress': (data: CareerProgress) => void;
  /** To both participants (every tab): a message as stored. */
  'message:new': (data: Message) => void;
  /** To the other participant: the reader's pointer moved. */
  'message:read': (data: MessageRead) => void;
  /** Video calls (API.md "Video calls", calls.ts): to every tab of the callee. */
  'call:invite': (data: CallInviteEvent) => void;
  /** To every tab of the caller: the callee's tabs were told. */
  'call:ringing': (data: CallRingingEvent) => void;
  /** To every tab of the caller: the callee accepted (their other tabs get `call:ended` `answered-elsewhere`). */
  'call:accept': (data: CallActionEvent) => void;
  /** To every tab of the caller; followed by `call:ended` `declined` to both. */
  'call:decline': (data: CallActionEvent) => void;
  /** To the other participant: before the answer to every tab of theirs, after it to the tab in the call. */
  'call:signal': (data: CallSignalEvent) => void;
  /** To every tab of the other participant; followed by `call:ended` to both. */
  'call:end': (data: CallActionEvent) => void;
  /** The call is over, for every tab of both participants (`busy` and `forbidden`: the inviting socket only). */
  'call:ended': (data: CallEndedEvent) => void;
}

/** Every client → server event is acknowledged with a `CallAck` (pass a callback). */
export interface ClientToServerEvents {
  'call:invite': (data: CallInvite, ack?: (result: CallAck) => void) => void;
  'call:accept': (data: { callId: string }, ack?: (result: CallAck) => void) => void;
  'call:decline': (data: { callId: string }, ack?: (result: CallAck) => void) => void;
  'call:signal': (data: CallSignal, ack?: (result: CallAck) => void) => void;
  'call:end': (data: { callId: string }, ack?: (result: CallAck) => void) => void;
}

/** The room every socket of one user joins; only the server joins it. */
export const userRoom = (userId: string): string => `user:${userId}`;
/** The room of one session, so that revoking the session can disconnect exactly its sockets. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
