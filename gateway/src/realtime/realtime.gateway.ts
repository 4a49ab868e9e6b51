import { Inject, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  type ClientToServerEvents,
  NotificationRequestedV1,
  type ServerToClientEvents,
  SESSION_COOKIE,
  sessionRoom,
  SessionRevokedV1,
  userRoom,
} from '@projectory/contracts';
import { EVENT_BUS, type EventBus, LOGGER, type Subscription } from '@projectory/platform';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { parseCookies } from '@projectory/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { CallSignalling } from '../calls/call-signalling.js';
import { SESSION_RESOLVER, type SessionResolver, type SessionUser } from '../session/session-resolver.js';
import { discardMissedPackets } from './socket-io.adapter.js';

const SESSION_REVOKED_BROADCAST = 'projectory:session-revoked';

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { user: SessionUser }>;

/**
 * The live channel (ARCHITECTURE §5): sockets are authenticated at the handshake from the session
 * cookie and joined to their user's and session's rooms by the server only. Services reach a user
 * through NotificationRequested events; delivery is best effort, the database stays the truth.
 * A connection that drops briefly is recovered with its rooms and missed events (socket-io.adapter.ts),
 * after this middleware accepted it again, and only into the session it belonged to.
 */
@WebSocketGateway()
export class RealtimeGateway
  implements OnGatewayInit, OnGatewayConnection, OnApplicationBootstrap, BeforeApplicationShutdown
{
  @WebSocketServer() server!: Server<ClientToServerEvents, ServerToClientEvents>;
  private subscription?: Subscription;

  constructor(
    @Inject(SESSION_RESOLVER) private readonly sessions: SessionResolver,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly calls: CallSignalling,
  ) {}

  afterInit(server: Server): void {
    this.calls.init(server);
    server.use((socket, next) => {
      const sessionId = parseCookies(socket.handshake.headers.cookie)[SESSION_COOKIE];
      if (!sessionId) return next(new Error('unauthorized'));
      this.sessions
        .resolve(sessionId)
        .then((user) => {
          if (!user) return next(new Error('unauthorized'));
          const restored: SessionUser | undefined = (socket as RealtimeSocket).data.user;
          if (socket.recovered && restored?.sessionId !== user.sessionId) {
            // The browser offered the state of another session (say it signed out while its connection was
            // down, then in again): that state is not this session's to have, so the socket starts afresh.
            discardMissedPackets(socket);
            for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
          }
          (socket as RealtimeSocket).data.user = user;
          next();
        })
        .catch(() => next(new Error('unavailable')));
    });
  }

  async handleConnection(socket: RealtimeSocket): Promise<void> {
    const { user } = socket.data;
    // Call events are listened to at once: a tab may send one as soon as it is connected.
    this.calls.connected(socket);
    await socket.join([userRoom(user.userId), sessionRoom(user.sessionId)]);
  }

  async onApplicationBootstrap(): Promise<void> {
    // Other gateway instances hear of a revocation through the Redis Streams adapter's pub/sub channel
    // (serverSideEmit); one of them consumed the event.
    this.server.on(SESSION_REVOKED_BROADCAST, (sessionId: string) => this.sessions.evictSession?.(sessionId));
    this.subscription = await this.bus.subscribe({
      group: 'gateway',
      topics: [NotificationRequestedV1.topic, SessionRevokedV1.topic],
      handler: async (envelope) => {
        if (envelope.type === NotificationRequestedV1.type && envelope.version === NotificationRequestedV1.version) {
          this.notify(envelope.id, envelope.payload);
        } else if (envelope.type === SessionRevokedV1.type && envelope.version === SessionRevokedV1.version) {
          this.revoke(envelope.id, envelope.payload);
        }
      },
    });
  }

  private notify(eventId: string, payload: unknown): void {
    const parsed = NotificationRequestedV1.schema.safeParse(payload);
    if (!parsed.success) {
      this.logger.warn({ eventId }, 'invalid notification payload dropped');
      return;
    }
    const { userId, alsoUserIds = [], event, data } = parsed.data;
    // A notification is stored in the messaging service's inbox under the event's id: the socket names it.
    const sent = event === 'notification' ? { ...data, id: eventId } : data;
    this.server.to([userId, ...alsoUserIds].map(userRoom)).emit(event, sent as never);
  }

  /** A revoked session is forgotten by every gateway and its sockets end at once (ADR 0005). */
  private revoke(eventId: string, payload: unknown): void {
    const parsed = SessionRevokedV1.schema.safeParse(payload);
    if (!parsed.success) {
      this.logger.warn({ eventId }, 'invalid session revocation dropped');
      return;
    }
    const { sessionId } = parsed.data;
    this.sessions.evictSession?.(sessionId);
    this.disconnectSession(sessionId);
    // With one gateway (in-memory adapter, no REDIS_URL) there is nobody else to tell.
    if (this.config.REDIS_URL) this.server.serverSideEmit(SESSION_REVOKED_BROADCAST, sessionId);
  }

  /**
   * Ends every socket of a revoked session at once, on every gateway instance (through the adapter's
   * stream). A server-side disconnection is not recoverable, and a socket whose connection was down at
   * that moment is refused by the middleware when it comes back, missed events included.
   */
  disconnectSession(sessionId: string): void {
    this.server.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }
}
