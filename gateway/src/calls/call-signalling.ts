import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import {
  type CallAck,
  type CallEndReason,
  callIdSchema,
  callInviteSchema,
  CallInternalPaths,
  type CallOutcome,
  type CallParticipants,
  type CallRecord,
  callSignalSchema,
  type ClientToServerEvents,
  MatchStatusChangedV1,
  type ServerToClientEvents,
  userRoom,
} from '@projectory/contracts';
import { EVENT_BUS, type EventBus, LOGGER, RequestContext, type Subscription } from '@projectory/platform';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { InternalCalls } from '../upstream/internal-calls.js';
import type { SessionUser } from '../session/session-resolver.js';
import { CallParticipantsCache, isOpen } from './call-participants.js';

type CallSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { user: SessionUser }>;
type CallServer = Server<ClientToServerEvents, ServerToClientEvents>;
type Ack = (result: CallAck) => void;

/** Other gateway instances hear of a match's status change through the adapter (serverSideEmit). */
const MATCH_CHANGED_BROADCAST = 'projectory:call-match-changed';
/** An instance asks the others: does one of you hold this call (and handle this event for it)? */
const CALL_FORWARD = 'projectory:call-forward';
/** …is this match, or one of these people, in a call of yours? */
const CALL_BUSY = 'projectory:call-busy';
/** …a socket of this id went away (the call holding it may be yours). */
const CALL_SOCKET_GONE = 'projectory:call-socket-gone';

/** A call event that names an existing call, as one instance hands it to the instance holding the call. */
interface CallAction {
  event: 'call:accept' | 'call:decline' | 'call:signal' | 'call:end';
  data: unknown;
  user: SessionUser;
  socketId: string;
}
const RECORD_ATTEMPTS = 4;

interface LiveCall {
  callId: string;
  matchId: string;
  video: boolean;
  caller: SessionUser;
  calleeId: string;
  /** The caller's tab that invited, and the callee's tab that accepted: the two ends of the signalling. */
  callerSocketId: string;
  calleeSocketId?: string;
  acceptedAt?: number;
  timer?: NodeJS.Timeout;
}

const ok: CallAck = { ok: true };
const notFound: CallAck = { ok: false, error: 'NOT_FOUND' };

/**
 * Call signalling (API.md "Video calls") in the gateway's Socket.IO server: call events are relayed only
 * between the two participants of a pending or accepted match (CallParticipantsCache, from messaging,
 * never from the client), to every tab of theirs until one tab answers, then between the two tabs in
 * the call. One call per match, and per person, at a time; an unanswered invite ends as missed after
 * CALL_RING_TIMEOUT_MS; a match that ends ends its call; every call that rang leaves a message in the
 * thread (messaging's `POST /internal/calls/records`, on behalf of the caller).
 *
 * A live call's state is held by the instance that received the invite; with REDIS_URL, events for a
 * call held elsewhere are forwarded to it (serverSideEmit with acknowledgement), and invites ask the
 * others whether the match or either person is busy (gateway/README.md, "Video calls").
 */
@Injectable()
export class CallSignalling implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private server?: CallServer;
  private subscription?: Subscription;
  private readonly calls = new Map<string, LiveCall>();
  private readonly byMatch = new Map<string, string>();
  /** The live calls a user is in (as caller or callee), by user id. */
  private readonly byUser = new Map<string, Set<string>>();
  /** Reports to messaging still under way (awaited at shutdown), and the grace timers of tabs that went away. */
  private readonly reporting = new Set<Promise<void>>();
  private readonly graceTimers = new Set<NodeJS.Timeout>();
  private closing = false;
  /** With REDIS_URL other gateway instances may hold calls: events for them are forwarded (serverSideEmit). */
  private readonly clustered: boolean;
  /** Each socket's call events are handled one after another (an invite's lookup, then its first signal). */
  private readonly queues = new WeakMap<CallSocket, Promise<void>>();

  constructor(
    private readonly participants: CallParticipantsCache,
    private readonly internal: InternalCalls,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.clustered = Boolean(config.REDIS_URL);
  }

  init(server: CallServer): void {
    this.server = server;
    server.on(MATCH_CHANGED_BROADCAST, (participants: CallParticipants, at: number) =>
      this.matchChanged(participants, at),
    );
    server.on(CALL_FORWARD, (action: CallAction, reply: (result: CallAck | null) => void) =>
      reply(this.holds(action.data) ? this.act(action) : null),
    );
    server.on(CALL_BUSY, (matchId: string, userIds: string[], reply: (busy: boolean) => void) =>
      reply(this.byMatch.has(matchId) || userIds.some((id) => this.inCall(id))),
    );
    server.on(CALL_SOCKET_GONE, (socketId: string) => this.socketGone(socketId));
  }

  connected(socket: CallSocket): void {
    const on = <E extends keyof ClientToServerEvents>(
      event: E,
      handle: (user: SessionUser, data: unknown) => Promise<CallAck> | CallAck,
    ) =>
      socket.on(event, ((data: unknown, ack?: Ack) => {
        const previous = this.queues.get(socket) ?? Promise.resolve();
        const next = previous.then(() =>
          RequestContext.run(undefined, async () => {
            let result: CallAck;
            try {
              result = await handle(socket.data.user, data);
            } catch (error) {
              this.logger.warn({ err: error, event }, 'call event failed');
              result = { ok: false, error: 'UNAVAILABLE' };
            }
            if (typeof ack === 'function') ack(result);
          }),
        );
        this.queues.set(socket, next);
      }) as never);

    on('call:invite', (user, data) => this.invite(socket, user, data));
    for (const event of ['call:accept', 'call:decline', 'call:signal', 'call:end'] as const) {
      on(event, (user, data) => this.actAnywhere({ event, data, user, socketId: socket.id }));
    }
    socket.on('disconnect', () => {
      this.socketGone(socket.id);
      if (this.clustered) this.server?.serverSideEmit(CALL_SOCKET_GONE, socket.id);
    });
  }

  /** An event for an existing call: handled here when this instance holds the call, else where it is held. */
  private async actAnywhere(action: CallAction): Promise<CallAck> {
    const result = this.act(action);
    if (!this.clustered || this.holds(action.data) || result.ok || result.error !== 'NOT_FOUND') return result;
    const answers = await this.askOthers<CallAck | null>(CALL_FORWARD, action);
    return answers.find((answer): answer is CallAck => answer !== null && answer !== undefined) ?? result;
  }

  private act({ event, data, user, socketId }: CallAction): CallAck {
    switch (event) {
      case 'call:accept':
        return this.accept(socketId, user, data);
      case 'call:decline':
        return this.decline(user, data);
      case 'call:signal':
        return this.signal(socketId, user, data);
      case 'call:end':
        return this.hangUp(socketId, user, data);
    }
  }

  /** Whether this instance holds the call `data` names. */
  private holds(data: unknown): boolean {
    const callId = callIdSchema.safeParse(data);
    return callId.success && this.calls.has(callId.data.callId);
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

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe({
      group: 'gateway-calls',
      topics: [MatchStatusChangedV1.topic],
      handler: async (envelope) => {
        if (envelope.type !== MatchStatusChangedV1.type || envelope.version !== MatchStatusChangedV1.version) return;
        const parsed = MatchStatusChangedV1.schema.safeParse(envelope.payload);
        if (!parsed.success) return;
        const { matchId, studentId, employerId, to, changedAt } = parsed.data;
        const participants: CallParticipants = { matchId, studentId, employerId, status: to };
        const at = Date.parse(changedAt);
        this.matchChanged(participants, at);
        if (this.config.REDIS_URL) this.server?.serverSideEmit(MATCH_CHANGED_BROADCAST, participants, at);
      },
    });
  }

  /** The process stops: its calls end (their tabs hear it) and leave their messages, one attempt each. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.subscription?.close();
    for (const timer of this.graceTimers) clearTimeout(timer);
    for (const call of [...this.calls.values()]) this.end(call, 'disconnected');
    const grace = new Promise((resolve) => setTimeout(resolve, this.config.SHUTDOWN_GRACE_MS).unref());
    await Promise.race([Promise.allSettled([...this.reporting]), grace]);
  }

  private async invite(socket: CallSocket, user: SessionUser, data: unknown): Promise<CallAck> {
    const input = parse(callInviteSchema, data);
    if ('error' in input) return input.error;
    const { matchId, callId, video } = input.value;
    const participants = await this.participants.callable(user, matchId);
    if (!participants) {
      socket.emit('call:ended', { callId, matchId, reason: 'forbidden' });
      return notFound;
    }
    const calleeId = participants.studentId === user.userId ? participants.employerId : participants.studentId;
    const busyHere =
      this.calls.has(callId) || this.byMatch.has(matchId) || this.inCall(user.userId) || this.inCall(calleeId);
    // Another instance's calls (a near-simultaneous invite on two instances may still pass both checks).
    const busyElsewhere =
      !busyHere &&
      this.clustered &&
      (await this.askOthers<boolean>(CALL_BUSY, matchId, [user.userId, calleeId])).some(Boolean);
    if (busyHere || busyElsewhere || this.calls.has(callId)) {
      socket.emit('call:ended', { callId, matchId, reason: 'busy' });
      return { ok: false, error: 'BUSY' };
    }
    const call: LiveCall = { callId, matchId, video, caller: user, calleeId, callerSocketId: socket.id };
    call.timer = setTimeout(() => this.end(call, 'missed'), this.config.CALL_RING_TIMEOUT_MS);
    call.timer.unref();
    this.calls.set(callId, call);
    this.byMatch.set(matchId, callId);
    for (const id of [user.userId, calleeId]) {
      const set = this.byUser.get(id) ?? new Set<string>();
      this.byUser.set(id, set.add(callId));
    }
    const server = this.server!;
    server.to(userRoom(calleeId)).emit('call:invite', { callId, matchId, video, fromUserId: user.userId });
    server.to(userRoom(user.userId)).emit('call:ringing', { callId, matchId, video, toUserId: calleeId });
    return ok;
  }

  private accept(socketId: string, user: SessionUser, data: unknown): CallAck {
    const call = this.ringing(user.userId, data, 'callee');
    if ('error' in call) return call.error;
    const live = call.value;
    clearTimeout(live.timer);
    live.acceptedAt = Date.now();
    live.calleeSocketId = socketId;
    const server = this.server!;
    const event = { callId: live.callId, matchId: live.matchId };
    server.to(userRoom(live.caller.userId)).emit('call:accept', { ...event, fromUserId: user.userId });
    server
      .to(userRoom(user.userId))
      .except(socketId)
      .emit('call:ended', { ...event, reason: 'answered-elsewhere' });
    return ok;
  }

  private decline(user: SessionUser, data: unknown): CallAck {
    const call = this.ringing(user.userId, data, 'callee');
    if ('error' in call) return call.error;
    const live = call.value;
    this.server!.to(userRoom(live.caller.userId)).emit('call:decline', {
      callId: live.callId,
      matchId: live.matchId,
      fromUserId: user.userId,
    });
    this.end(live, 'declined');
    return ok;
  }

  /**
   * A description or candidate to the other end: before the answer from the inviting tab to every tab
   * of the callee; after it only between the two tabs in the call.
   */
  private signal(socketId: string, user: SessionUser, data: unknown): CallAck {
    const input = parse(callSignalSchema, data);
    if ('error' in input) return input.error;
    const live = this.calls.get(input.value.callId);
    if (!live) return notFound;
    const payload = { ...input.value, matchId: live.matchId, fromUserId: user.userId };
    const server = this.server!;
    if (socketId === live.callerSocketId) {
      server.to(live.calleeSocketId ?? userRoom(live.calleeId)).emit('call:signal', payload);
      return ok;
    }
    if (live.calleeSocketId && socketId === live.calleeSocketId) {
      server.to(live.callerSocketId).emit('call:signal', payload);
      return ok;
    }
    return notFound;
  }

  /**
   * `call:end`: the caller gives up before an answer (missed), the callee refuses a ringing call
   * (declined), or either tab in an accepted call hangs up (completed).
   */
  private hangUp(socketId: string, user: SessionUser, data: unknown): CallAck {
    const input = parse(callIdSchema, data);
    if ('error' in input) return input.error;
    const live = this.calls.get(input.value.callId);
    if (!live) return notFound;
    const isCaller = user.userId === live.caller.userId;
    if (live.acceptedAt === undefined) {
      if (isCaller) {
        this.relayEnd(live, live.calleeId, user.userId);
        this.end(live, 'missed');
        return ok;
      }
      if (user.userId !== live.calleeId) return notFound;
      return this.decline(user, data);
    }
    if (socketId !== live.callerSocketId && socketId !== live.calleeSocketId) return notFound;
    this.relayEnd(live, isCaller ? live.calleeId : live.caller.userId, user.userId);
    this.end(live, 'completed');
    return ok;
  }

  private relayEnd(live: LiveCall, to: string, from: string): void {
    this.server!.to(userRoom(to)).emit('call:end', { callId: live.callId, matchId: live.matchId, fromUserId: from });
  }

  /** A tab in a call went away: the call ends unless it is back (connection state recovery) within the grace. */
  private socketGone(socketId: string): void {
    for (const live of this.calls.values()) {
      const inviting = live.callerSocketId === socketId && live.acceptedAt === undefined;
      const inCall =
        live.acceptedAt !== undefined && (live.callerSocketId === socketId || live.calleeSocketId === socketId);
      if (!inviting && !inCall) continue;
      const timer = setTimeout(() => {
        this.graceTimers.delete(timer);
        void this.isConnected(socketId).then((back) => {
          if (!back && this.calls.get(live.callId) === live) this.end(live, 'disconnected');
        });
      }, this.config.CALL_DISCONNECT_GRACE_MS);
      this.graceTimers.add(timer.unref());
    }
  }

  private matchChanged(participants: CallParticipants, at: number): void {
    this.participants.statusChanged(participants, at);
    if (isOpen(participants.status)) return;
    const callId = this.byMatch.get(participants.matchId);
    const live = callId ? this.calls.get(callId) : undefined;
    if (live) this.end(live, 'match-ended');
  }

  /** The call is over: both sides' tabs hear why, and the thread gets its message. */
  private end(live: LiveCall, reason: CallEndReason): void {
    if (this.calls.get(live.callId) !== live) return;
    clearTimeout(live.timer);
    this.calls.delete(live.callId);
    this.byMatch.delete(live.matchId);
    for (const id of [live.caller.userId, live.calleeId]) {
      const set = this.byUser.get(id);
      set?.delete(live.callId);
      if (set?.size === 0) this.byUser.delete(id);
    }
    this.server!.to([userRoom(live.caller.userId), userRoom(live.calleeId)]).emit('call:ended', {
      callId: live.callId,
      matchId: live.matchId,
      reason,
    });
    const outcome: CallOutcome =
      live.acceptedAt !== undefined ? 'completed' : reason === 'declined' ? 'declined' : 'missed';
    const reported = this.record(live.caller, {
      callId: live.callId,
      matchId: live.matchId,
      callerId: live.caller.userId,
      video: live.video,
      outcome,
      durationSeconds: live.acceptedAt === undefined ? 0 : Math.round((Date.now() - live.acceptedAt) / 1000),
    });
    this.reporting.add(reported);
    void reported.finally(() => this.reporting.delete(reported));
  }

  /** Messaging stores the call's message once (its call id is unique): retried while it is unreachable. */
  private async record(caller: SessionUser, record: CallRecord): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await RequestContext.run(undefined, () =>
          this.internal.call('messaging', caller, 'POST', CallInternalPaths.records, record),
        );
        if (answer.status === 200 || answer.status === 201) return;
        if (answer.status < 500 || attempt >= RECORD_ATTEMPTS || this.closing) {
          this.logger.warn({ callId: record.callId, status: answer.status }, 'call message refused');
          return;
        }
      } catch (error) {
        if (attempt >= RECORD_ATTEMPTS || this.closing) {
          this.logger.error({ err: error, callId: record.callId }, 'call message lost: messaging unreachable');
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt).unref());
    }
  }

  /** Whether a socket of this id is connected (recovered after a drop), on any instance. */
  private async isConnected(socketId: string): Promise<boolean> {
    if (!this.server) return false;
    if (this.server.sockets.sockets.has(socketId)) return true;
    if (!this.clustered) return false;
    try {
      return (await this.server.in(socketId).fetchSockets()).length > 0;
    } catch {
      return false;
    }
  }

  private inCall(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  /** The ringing call `data` names, if `userId` is its callee. */
  private ringing(userId: string, data: unknown, as: 'callee'): { value: LiveCall } | { error: CallAck } {
    const input = parse(callIdSchema, data);
    if ('error' in input) return input;
    const live = this.calls.get(input.value.callId);
    if (!live || live.acceptedAt !== undefined || (as === 'callee' && live.calleeId !== userId)) {
      return { error: notFound };
    }
    return { value: live };
  }
}

function parse<S extends z.ZodType>(schema: S, data: unknown): { value: z.output<S> } | { error: CallAck } {
  const parsed = schema.safeParse(data);
  if (parsed.success) return { value: parsed.data };
  return {
    error: {
      ok: false,
      error: 'VALIDATION_FAILED',
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    },
  };
}
