import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { SOCKET_PATH } from '@projectory/contracts';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import type { Namespace, Server, ServerOptions, Socket } from 'socket.io';
import { RecoveryAdapter } from './recovery-adapter.js';

/**
 * Where the Redis Streams adapter keeps its state: broadcasts, room changes and disconnections go
 * through one stream (`streamName`), serverSideEmit and fetchSockets through pub/sub channels
 * (`channelPrefix#/#…`), and the state of a dropped connection waits under `sessionKeyPrefix` + its
 * private session id for `maxDisconnectionDuration`.
 */
export const SOCKET_IO_REDIS = {
  streamName: 'pj:socket.io',
  channelPrefix: 'pj:socket.io',
  sessionKeyPrefix: 'pj:socket.io:session:',
} as const;

const MAX_DISCONNECTION_MS = 2 * 60 * 1000;
/** socket.io-parser's PacketType.EVENT. */
const EVENT_PACKET = 2;

type NamespaceAdapter = Namespace['adapter'];
type MissedPackets = NonNullable<Awaited<ReturnType<NamespaceAdapter['restoreSession']>>>['missedPackets'];

/** Missed packets of a recovered socket not yet authorized, by the socket's `data` object. */
const withheld = new WeakMap<object, MissedPackets>();

/**
 * Socket.IO at /api/socket.io with connection-state recovery: a socket whose connection dropped
 * (not one that disconnected on purpose) gets its id, rooms and missed events back when it returns
 * within two minutes. With REDIS_URL, `@socket.io/redis-streams-adapter` lets every gateway instance
 * reach every socket and keeps recovery working across instances (the pub/sub Redis adapter silently
 * disables it); without it the in-memory RecoveryAdapter supports recovery on one instance.
 *
 * Recovery re-runs the middlewares (`skipMiddlewares: false`), and the missed events are held back
 * until they pass: Socket.IO itself would write them before the middlewares run, so a revoked session
 * would still receive them.
 */
export class GatewayIoAdapter extends IoAdapter {
  private redis?: Redis;
  /** The adapter's own connections (stream reader, subscriber), duplicated from `redis`. */
  private readonly duplicates: Redis[] = [];
  private readonly clusterAdapters: NamespaceAdapter[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly options: { redisUrl?: string; allowedOrigin?: string },
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: SOCKET_PATH,
      serveClient: false,
      cors: undefined,
      maxHttpBufferSize: 1_000_000,
      connectionStateRecovery: { maxDisconnectionDuration: MAX_DISCONNECTION_MS, skipMiddlewares: false },
      adapter: this.options.redisUrl ? this.redisStreamsAdapter(this.options.redisUrl) : RecoveryAdapter,
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        // Browsers always send Origin on WebSocket and cross-site XHR; same-origin polling may omit it.
        // Without PUBLIC_ORIGIN a page must still come from the host it connects to: another site's page
        // would otherwise open a socket with the visitor's cookie.
        const allowed = !origin || origin === this.options.allowedOrigin || sameHost(origin, request.headers.host);
        callback(null, allowed);
      },
    } as ServerOptions) as Server;
    holdMissedPacketsUntilConnected(server.of('/'));
    server.on('new_namespace', holdMissedPacketsUntilConnected);
    return server;
  }

  private redisStreamsAdapter(url: string): (nsp: Namespace) => NamespaceAdapter {
    const redis = new Redis(url);
    const duplicate = redis.duplicate.bind(redis);
    redis.duplicate = (override) => {
      const copy = duplicate(override);
      // At shutdown both this adapter and the library close these; ioredis arms a 2 s force-close timer on
      // each call that only the socket's close clears, so a second call once it has closed would leave one
      // running and hold the process.
      const disconnect = copy.disconnect.bind(copy);
      copy.disconnect = (reconnect?: boolean) => {
        if (reconnect || copy.status !== 'end') disconnect(reconnect);
      };
      this.duplicates.push(copy);
      return copy;
    };
    this.redis = redis;
    const create = createAdapter(redis, { ...SOCKET_IO_REDIS });
    const created = this.clusterAdapters;
    // A function, not an arrow: Socket.IO calls the adapter factory with `new`.
    return function (nsp: Namespace): NamespaceAdapter {
      const adapter = create(nsp);
      created.push(adapter);
      return adapter;
    };
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    // Socket.IO closed them with its server already; closing again is harmless and makes sure the stream
    // reader stops polling before its connection goes (it would otherwise wait out its blocking XREAD).
    for (const adapter of this.clusterAdapters) await adapter.close();
    for (const client of this.duplicates) client.disconnect();
    // quit, not disconnect: the sessions of the sockets closed at shutdown are still being written.
    await this.redis?.quit().catch(() => undefined);
  }
}

/**
 * Makes a recovered socket's missed packets wait for its `connection` event, which Socket.IO emits only
 * once every middleware accepted the socket; a socket the middlewares refuse never gets them.
 */
function holdMissedPacketsUntilConnected(nsp: Namespace): void {
  const adapter = nsp.adapter;
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (!session) return session;
    const data = { ...(session.data as object) };
    if (session.missedPackets.length > 0) withheld.set(data, session.missedPackets);
    return { ...session, data, missedPackets: [] };
  };
  nsp.on('connection', (socket: Socket) => {
    const packets = withheld.get(socket.data);
    if (!packets) return;
    withheld.delete(socket.data);
    // What Socket.IO's own recovery does: write them as they were stored, the stream offset last.
    const write = (socket as unknown as { packet(packet: { type: number; data: unknown[] }): void }).packet;
    for (const data of packets) write.call(socket, { type: EVENT_PACKET, data });
  });
}

/** Forgets the missed packets of a recovered socket that must not have them (another session's state). */
export function discardMissedPackets(socket: Socket): void {
  withheld.delete(socket.data);
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
