import { type PrivateSessionId, type Session, SessionAwareAdapter } from 'socket.io-adapter';

/** Packets kept even while no connection is down: those in flight when one drops are in this window. */
export const IN_FLIGHT_KEEP_MS = 10_000;
const TRIM_EVERY_MS = 5_000;

/** What SessionAwareAdapter keeps (its fields are private in its types; socket.io-adapter 2.5). */
interface Kept {
  sessions: Map<string, { disconnectedAt: number }>;
  packets: Array<{ emittedAt: number }>;
}

/**
 * The single gateway's adapter (no REDIS_URL): Socket.IO's in-memory adapter with connection-state
 * recovery, keeping the emitted packets only as long as a recovery can ask for them. Socket.IO's own
 * keeps every packet for `maxDisconnectionDuration` plus up to a minute, whether or not any connection
 * is down: B10's chat (1,000 messages a second) held about 1.3 KB a message in it, half the growth of
 * the process's heap, and its major collections were B10's slowest deliveries (ADR 0017). A recovery
 * replays what was emitted after the last packet its socket received, so this adapter keeps the
 * packets of the last IN_FLIGHT_KEEP_MS, and, while a dropped connection may still come back, those
 * from IN_FLIGHT_KEEP_MS before it dropped; a dropped connection that came back is forgotten (Socket.IO
 * forgets it only once it expired). Recovery itself is Socket.IO's; a socket whose last packet was
 * trimmed, or that fails the middlewares after its state was restored and then comes back again, is
 * not recovered, and the web app asks again (as after any expiry).
 */
export class RecoveryAdapter extends SessionAwareAdapter {
  private readonly timer = setInterval(() => this.trim(), TRIM_EVERY_MS).unref();

  /** Drops the packets no recovery can ask for any more (`now` for tests). */
  trim(now = Date.now()): void {
    const { sessions, packets } = this as unknown as Kept;
    let keepFrom = now - IN_FLIGHT_KEEP_MS;
    for (const { disconnectedAt } of sessions.values())
      keepFrom = Math.min(keepFrom, disconnectedAt - IN_FLIGHT_KEEP_MS);
    // In the order they were emitted.
    let expired = 0;
    while (expired < packets.length && packets[expired]!.emittedAt < keepFrom) expired += 1;
    if (expired > 0) packets.splice(0, expired);
  }

  override async restoreSession(pid: PrivateSessionId, offset: string): Promise<Session> {
    const session = await super.restoreSession(pid, offset);
    // Its socket is back; if it drops again, that is a new session from then.
    if (session) (this as unknown as Kept).sessions.delete(pid);
    return session;
  }

  override close(): void {
    clearInterval(this.timer);
  }
}
