import { Inject, Injectable } from '@nestjs/common';
import { callIdSchema } from '@projectory/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import type { SessionUser } from '../session/session-resolver.js';

/** A live call, as held by the instance that received its invite. */
export interface LiveCall {
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

/**
 * The live calls this gateway instance holds (gateway/README.md, "Video calls"): their state, the
 * lookups by call, match and person (one call per match, and per person, at a time), and their timers:
 * the ring timer (CALL_RING_TIMEOUT_MS) and the grace timers of tabs that went away
 * (CALL_DISCONNECT_GRACE_MS). What a timer does when it fires is its caller's (CallRelay's) to say.
 */
@Injectable()
export class CallRegistry {
  private readonly calls = new Map<string, LiveCall>();
  private readonly byMatch = new Map<string, string>();
  /** The live calls a user is in (as caller or callee), by user id. */
  private readonly byUser = new Map<string, Set<string>>();
  /** The grace timers of tabs that went away. */
  private readonly graceTimers = new Set<NodeJS.Timeout>();

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  get(callId: string): LiveCall | undefined {
    return this.calls.get(callId);
  }

  /** The match's live call, if this instance holds one. */
  ofMatch(matchId: string): LiveCall | undefined {
    const callId = this.byMatch.get(matchId);
    return callId ? this.calls.get(callId) : undefined;
  }

  /** Whether this instance holds the call `data` names. */
  holds(data: unknown): boolean {
    const callId = callIdSchema.safeParse(data);
    return callId.success && this.calls.has(callId.data.callId);
  }

  /** Whether `live` is still the call held under its id (it has not ended). */
  isLive(live: LiveCall): boolean {
    return this.calls.get(live.callId) === live;
  }

  /** Whether this match, or one of these people, is in a call held here. */
  busy(matchId: string, userIds: string[]): boolean {
    return this.byMatch.has(matchId) || userIds.some((id) => this.inCall(id));
  }

  all(): LiveCall[] {
    return [...this.calls.values()];
  }

  /** A new call rings: held here, and `onMissed` runs if nobody answers within CALL_RING_TIMEOUT_MS. */
  add(call: LiveCall, onMissed: () => void): void {
    call.timer = setTimeout(onMissed, this.config.CALL_RING_TIMEOUT_MS);
    call.timer.unref();
    this.calls.set(call.callId, call);
    this.byMatch.set(call.matchId, call.callId);
    for (const id of [call.caller.userId, call.calleeId]) {
      const set = this.byUser.get(id) ?? new Set<string>();
      this.byUser.set(id, set.add(call.callId));
    }
  }

  /** The call was answered: it no longer rings out. */
  stopRinging(live: LiveCall): void {
    clearTimeout(live.timer);
  }

  /** The call is no longer held here; false if it was not (it had already ended). */
  remove(live: LiveCall): boolean {
    if (!this.isLive(live)) return false;
    clearTimeout(live.timer);
    this.calls.delete(live.callId);
    this.byMatch.delete(live.matchId);
    for (const id of [live.caller.userId, live.calleeId]) {
      const set = this.byUser.get(id);
      set?.delete(live.callId);
      if (set?.size === 0) this.byUser.delete(id);
    }
    return true;
  }

  /**
   * A socket went away: for each call of which it is an end (the inviting tab of a ringing call, or a
   * tab in an accepted call), `then` runs after CALL_DISCONNECT_GRACE_MS.
   */
  afterGrace(socketId: string, then: (live: LiveCall) => void): void {
    for (const live of this.calls.values()) {
      const inviting = live.callerSocketId === socketId && live.acceptedAt === undefined;
      const inCall =
        live.acceptedAt !== undefined && (live.callerSocketId === socketId || live.calleeSocketId === socketId);
      if (!inviting && !inCall) continue;
      const timer = setTimeout(() => {
        this.graceTimers.delete(timer);
        then(live);
      }, this.config.CALL_DISCONNECT_GRACE_MS);
      this.graceTimers.add(timer.unref());
    }
  }

  /** The process stops: no grace timer fires any more. */
  cancelGraceTimers(): void {
    for (const timer of this.graceTimers) clearTimeout(timer);
  }

  private inCall(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }
}
