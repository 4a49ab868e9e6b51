import { Inject, Injectable } from '@nestjs/common';
import type { CallAck, CallParticipants, ClientToServerEvents, ServerToClientEvents } from '@projectory/contracts';
import type { Server } from 'socket.io';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import type { SessionUser } from '../session/session-resolver.js';

export type CallServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** A call event that names an existing call, as one instance hands it to the instance holding the call. */
export interface CallAction {
  event: 'call:accept' | 'call:decline' | 'call:signal' | 'call:end';
  data: unknown;
  user: SessionUser;
  socketId: string;
}

/** What this instance answers when the others ask (CallSignalling wires it to the registry and the relay). */
export interface CallClusterHandlers {
  /** Handle a forwarded event if this instance holds its call; null if it does not. */
  forwarded(action: CallAction): CallAck | null;
  /** Whether this match, or one of these people, is in a call held here. */
  busy(matchId: string, userIds: string[]): boolean;
  /** A socket went away on another instance. */
  socketGone(socketId: string): void;
  /** Another instance consumed a match's status change. */
  matchChanged(participants: CallParticipants, at: number): void;
}

/** Other gateway instances hear of a match's status change through the adapter (serverSideEmit). */
const MATCH_CHANGED_BROADCAST = 'projectory:call-match-changed';
/** An instance asks the others: does one of you hold this call (and handle this event for it)? */
const CALL_FORWARD = 'projectory:call-forward';
/** …is this match, or one of these people, in a call of yours? */
const CALL_BUSY = 'projectory:call-busy';
/** …a socket of this id went away (the call holding it may be yours). */
const CALL_SOCKET_GONE = 'projectory:call-socket-gone';

/**
 * The calls' exchanges with the other gateway instances (gateway/README.md, "Video calls"): with
 * REDIS_URL, through the adapter's serverSideEmit (with acknowledgement where an answer is wanted) and
 * fetchSockets. Without it there are no others: nothing is sent, and nobody else is asked.
 */
@Injectable()
export class CallCluster {
  /** With REDIS_URL other gateway instances may hold calls: events for them are forwarded (serverSideEmit). */
  readonly clustered: boolean;
  private server?: CallServer;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.clustered = Boolean(config.REDIS_URL);
  }

  init(server: CallServer, handlers: CallClusterHandlers): void {
    this.server = server;
    server.on(MATCH_CHANGED_BROADCAST, (participants: CallParticipants, at: number) =>
      handlers.matchChanged(participants, at),
    );
    server.on(CALL_FORWARD, (action: CallAction, reply: (result: CallAck | null) => void) =>
      reply(handlers.forwarded(action)),
    );
    server.on(CALL_BUSY, (matchId: string, userIds: string[], reply: (busy: boolean) => void) =>
      reply(handlers.busy(matchId, userIds)),
    );
    server.on(CALL_SOCKET_GONE, (socketId: string) => handlers.socketGone(socketId));
  }

  /** The answer of the instance holding the call the event names; undefined if none does. */
  async forward(action: CallAction): Promise<CallAck | undefined> {
    const answers = await this.askOthers<CallAck | null>(CALL_FORWARD, action);
    return answers.find((answer): answer is CallAck => answer !== null && answer !== undefined);
  }

  /** Whether this match, or one of these people, is in a call held by another instance. */
  async busyElsewhere(matchId: string, userIds: string[]): Promise<boolean> {
    return (await this.askOthers<boolean>(CALL_BUSY, matchId, userIds)).some(Boolean);
  }

  /** A socket of this instance went away: the others are told (the call holding it may be theirs). */
  socketGone(socketId: string): void {
    if (this.clustered) this.server?.serverSideEmit(CALL_SOCKET_GONE, socketId);
  }

  /** This instance consumed a match's status change: the others are told. */
  matchChanged(participants: CallParticipants, at: number): void {
    if (this.clustered) this.server?.serverSideEmit(MATCH_CHANGED_BROADCAST, participants, at);
  }

  /** Whether a socket of this id is connected (recovered after a drop), on any instance. */
  async isConnected(socketId: string): Promise<boolean> {
    if (!this.server) return false;
    if (this.server.sockets.sockets.has(socketId)) return true;
    if (!this.clustered) return false;
    try {
      return (await this.server.in(socketId).fetchSockets()).length > 0;
    } catch {
      return false;
    }
  }

  /**
   * Every other instance's answer; those that did not answer within the adapter's `requestsTimeout`
   * (5 s) are left out.
   */
  private askOthers<T>(event: string, ...args: unknown[]): Promise<T[]> {
    return new Promise((resolve) => {
      const server = this.server as Server | undefined;
      if (!server) return resolve([]);
      server.serverSideEmit(event, ...args, (_error: Error | null, answers: T[] | undefined) => resolve(answers ?? []));
    });
  }
}
