import { Inject, Injectable } from '@nestjs/common';
import {
  type CallAck,
  type CallEndReason,
  callIdSchema,
  callInviteSchema,
  CallInternalPaths,
  type CallOutcome,
  type CallRecord,
  callSignalSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
  userRoom,
} from '@projectory/contracts';
import { LOGGER, RequestContext } from '@projectory/platform';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { InternalCalls } from '../upstream/internal-calls.js';
import type { SessionUser } from '../session/session-resolver.js';
import { CallCluster, type CallAction, type CallServer } from './call-cluster.js';
import { CallParticipantsCache } from './call-participants.js';
import { CallRegistry, type LiveCall } from './call-registry.js';

export type CallSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user: SessionUser }
>;
type Ack = (result: CallAck) => void;

const RECORD_ATTEMPTS = 4;

const ok: CallAck = { ok: true };
const notFound: CallAck = { ok: false, error: 'NOT_FOUND' };

/**
 * The call events of the gateway's sockets (API.md "Video calls"): each is validated and acknowledged,
 * a socket's events are handled in order, and invites, accepts, declines, signals and hang-ups are
 * relayed between the two participants of a pending or accepted match (CallParticipantsCache, from
 * messaging, never from the client): to every tab of theirs until one tab answers, then between the two
 * tabs in the call. An event for a call another instance holds goes there (CallCluster). When a call
 * ends both sides hear why, and a call that rang leaves its message in the thread (messaging's
 * `POST /internal/calls/records`, on behalf of the caller).
 */
@Injectable()
export class CallRelay {
  private server?: CallServer;
  /** Reports to messaging still under way (awaited at shutdown). */
  private readonly reporting = new Set<Promise<void>>();
  private closing = false;
  /** Each socket's call events are handled one after another (an invite's lookup, then its first signal). */
  private readonly queues = new WeakMap<CallSocket, Promise<void>>();

  constructor(
    private readonly registry: CallRegistry,
    private readonly cluster: CallCluster,
    private readonly participants: CallParticipantsCache,
    private readonly internal: InternalCalls,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  init(server: CallServer): void {
    this.server = server;
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
      this.cluster.socketGone(socket.id);
    });
  }

  /** An event forwarded by another instance: handled if this instance holds its call, else null. */
  forwarded(action: CallAction): CallAck | null {
    return this.registry.holds(action.data) ? this.act(action) : null;
  }

  /** A tab in a call went away: the call ends unless it is back (connection state recovery) within the grace. */
  socketGone(socketId: string): void {
    this.registry.afterGrace(socketId, (live) => {
      void this.cluster.isConnected(socketId).then((back) => {
        if (!back && this.registry.isLive(live)) this.end(live, 'disconnected');
      });
    });
  }

  /** The process stops: no message is retried any more. */
  stopRetrying(): void {
    this.closing = true;
  }

  /** The process stops: its calls end (their tabs hear it) and leave their messages, one attempt each. */
  async endAll(): Promise<void> {
    this.registry.cancelGraceTimers();
    for (const call of this.registry.all()) this.end(call, 'disconnected');
    const grace = new Promise((resolve) => setTimeout(resolve, this.config.SHUTDOWN_GRACE_MS).unref());
    await Promise.race([Promise.allSettled([...this.reporting]), grace]);
  }

  /** The call is over: both sides' tabs hear why, and the thread gets its message. */
  end(live: LiveCall, reason: CallEndReason): void {
    if (!this.registry.remove(live)) return;
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

  /** An event for an existing call: handled here when this instance holds the call, else where it is held. */
  private async actAnywhere(action: CallAction): Promise<CallAck> {
    const result = this.act(action);
    if (!this.cluster.clustered || this.registry.holds(action.data) || result.ok || result.error !== 'NOT_FOUND') {
      return result;
    }
    return (await this.cluster.forward(action)) ?? result;
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

  private async invite(socket: CallSocket, user: SessionUser, data: unknown): Promise<CallAck> {
    const input = parse(callInviteSchema, data);
    if ('error' in input) return input.error;
    const { matchId, callId, video } = input.value;
    const participants = await this.participants.callable(user, matchId);
    if (!participants || participants === 'blocked') {
      socket.emit('call:ended', { callId, matchId, reason: 'forbidden' });
      return participants ? { ok: false, error: 'BLOCKED' } : notFound;
    }
    const calleeId = participants.studentId === user.userId ? participants.employerId : participants.studentId;
    const busyHere = this.registry.get(callId) !== undefined || this.registry.busy(matchId, [user.userId, calleeId]);
    // Another instance's calls (a near-simultaneous invite on two instances may still pass both checks).
    const busyElsewhere =
      !busyHere && this.cluster.clustered && (await this.cluster.busyElsewhere(matchId, [user.userId, calleeId]));
    if (busyHere || busyElsewhere || this.registry.get(callId) !== undefined) {
      socket.emit('call:ended', { callId, matchId, reason: 'busy' });
      return { ok: false, error: 'BUSY' };
    }
    const call: LiveCall = { callId, matchId, video, caller: user, calleeId, callerSocketId: socket.id };
    this.registry.add(call, () => this.end(call, 'missed'));
    const server = this.server!;
    server.to(userRoom(calleeId)).emit('call:invite', { callId, matchId, video, fromUserId: user.userId });
    server.to(userRoom(user.userId)).emit('call:ringing', { callId, matchId, video, toUserId: calleeId });
    return ok;
  }

  private accept(socketId: string, user: SessionUser, data: unknown): CallAck {
    const call = this.ringing(user.userId, data, 'callee');
    if ('error' in call) return call.error;
    const live = call.value;
    this.registry.stopRinging(live);
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
    const live = this.registry.get(input.value.callId);
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
    const live = this.registry.get(input.value.callId);
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

  /** The ringing call `data` names, if `userId` is its callee. */
  private ringing(userId: string, data: unknown, as: 'callee'): { value: LiveCall } | { error: CallAck } {
    const input = parse(callIdSchema, data);
    if ('error' in input) return input;
    const live = this.registry.get(input.value.callId);
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
