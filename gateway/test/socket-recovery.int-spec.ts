import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  NotificationRequestedV1,
  type ServerToClientEvents,
  SESSION_COOKIE,
  SessionRevokedV1,
  SOCKET_PATH,
  userRoom,
} from '@projectory/contracts';
import { MemoryEventBus } from '@projectory/platform';
import {
  describeWithInfra,
  listenOnFreePort,
  TEST_INTERNAL_SECRET,
  TEST_REDIS_URL,
  waitFor,
} from '@projectory/testing';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { createGatewayApp, type SessionResolver, type SessionUser } from '../src/index.js';
import { RealtimeGateway } from '../src/realtime/realtime.gateway.js';
import { SOCKET_IO_REDIS } from '../src/realtime/socket-io.adapter.js';

type ClientSocket = Socket<ServerToClientEvents>;

/**
 * A TCP relay standing in for the load balancer in front of the gateways. `cut` ends every connection
 * through it (a network drop as both Socket.IO ends see it: the transport closes, nobody disconnected on
 * purpose); `routeTo` says where new connections go, nowhere meaning they are refused.
 */
class Relay {
  private target?: number;
  private readonly open = new Set<net.Socket>();
  private readonly server = net.createServer((inbound) => {
    this.track(inbound);
    if (this.target === undefined) return void inbound.destroy();
    const outbound = this.track(net.connect(this.target, '127.0.0.1'));
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
    inbound.pipe(outbound).pipe(inbound);
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  routeTo(url: string | undefined): void {
    this.target = url ? Number(new URL(url).port) : undefined;
  }

  cut(): void {
    for (const socket of this.open) socket.destroy();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private track(socket: net.Socket): net.Socket {
    this.open.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.open.delete(socket));
    return socket;
  }
}

/** The sessions identity knows; revoking one removes it, as identity does. */
class Sessions {
  readonly live = new Map<string, SessionUser>();
  /** The session ids each gateway instance was told to forget. */
  readonly evicted: string[][] = [];

  signIn(): SessionUser {
    const user: SessionUser = { userId: randomUUID(), role: 'student', sessionId: `session-${randomUUID()}` };
    this.live.set(user.sessionId, user);
    return user;
  }

  /** One resolver per gateway instance, sharing the sessions, so each instance's evictions show. */
  resolver(): SessionResolver {
    const evicted: string[] = [];
    this.evicted.push(evicted);
    return {
      resolve: async (id) => this.live.get(id) ?? null,
      evictSession: (id) => evicted.push(id),
    };
  }
}

function envelope(type: string, version: number, key: string, payload: unknown) {
  return {
    id: randomUUID(),
    type,
    version,
    source: 'test',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    key,
    payload,
  };
}

async function notify(bus: MemoryEventBus, user: SessionUser, title: string): Promise<void> {
  const payload = { userId: user.userId, event: 'notification', data: { kind: 'test', title } };
  await bus.publish([
    {
      topic: NotificationRequestedV1.topic,
      envelope: envelope(NotificationRequestedV1.type, NotificationRequestedV1.version, user.userId, payload),
    },
  ]);
}

async function revoke(bus: MemoryEventBus, sessions: Sessions, user: SessionUser): Promise<void> {
  sessions.live.delete(user.sessionId);
  const payload = { sessionId: user.sessionId, userId: user.userId };
  await bus.publish([
    {
      topic: SessionRevokedV1.topic,
      envelope: envelope(SessionRevokedV1.type, SessionRevokedV1.version, user.userId, payload),
    },
  ]);
}

interface Client {
  socket: ClientSocket;
  /** Titles of the notifications the application saw, in order. */
  titles: string[];
  /** Every Socket.IO frame that reached the client, delivered to the application or not. */
  frames: string[];
  disconnections: string[];
}

function connect(url: string, user: SessionUser, sockets: ClientSocket[]): Client {
  const socket: ClientSocket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie: `${SESSION_COOKIE}=${user.sessionId}` },
    reconnectionDelay: 50,
    reconnectionDelayMax: 100,
    randomizationFactor: 0,
  });
  sockets.push(socket);
  const client: Client = { socket, titles: [], frames: [], disconnections: [] };
  socket.on('notification', (data) => client.titles.push(data.title));
  socket.on('disconnect', (reason) => client.disconnections.push(reason));
  socket.io.on('open', () =>
    socket.io.engine.on('packet', (packet) => {
      if (typeof packet.data === 'string') client.frames.push(packet.data);
    }),
  );
  return client;
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
}

/** The server's refusal of the socket, past the transport errors of attempts made while the network was down. */
function refused(socket: ClientSocket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket connected')));
    const onError = (error: Error) => {
      if ((error as Error & { type?: string }).type === 'TransportError') return;
      socket.off('connect_error', onError);
      resolve(error);
    };
    socket.on('connect_error', onError);
  });
}

/** Socket.IO's private session id, which the client offers back to recover its state. */
const privateSessionId = (socket: ClientSocket): string => (socket as unknown as { _pid: string })._pid;

await describeWithInfra(
  ['redis'],
  'Socket.IO connection-state recovery across gateway instances (Redis Streams adapter)',
  () => {
    const bus = new MemoryEventBus();
    const sessions = new Sessions();
    const relay = new Relay();
    const apps: NestFastifyApplication[] = [];
    const gateways: RealtimeGateway[] = [];
    /** urls[0] is the instance that consumes the bus (the first consumer of the group); urls[1] only hears of events through Redis. */
    const urls: string[] = [];
    const sockets: ClientSocket[] = [];
    let relayUrl: string;
    let redis: Redis;

    beforeAll(async () => {
      redis = new Redis(TEST_REDIS_URL);
      for (let i = 0; i < 2; i += 1) {
        const { app } = await createGatewayApp({
          env: { INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent', REDIS_URL: TEST_REDIS_URL },
          eventBus: bus,
          sessions: sessions.resolver(),
        });
        apps.push(app);
        urls.push(await listenOnFreePort(app));
        gateways.push(app.get(RealtimeGateway));
      }
      relayUrl = await relay.listen();
      await bothInstancesListening();
    });

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await relay.close();
      for (const app of apps) await app.close();
      await bus.close();
      await redis?.quit();
    });

    /**
     * The adapters subscribe and start reading the stream asynchronously; a message sent before that is
     * lost. Probe both paths: pub/sub (serverSideEmit) both ways, the stream from instance 0 to 1.
     */
    async function bothInstancesListening(): Promise<void> {
      for (const [from, to] of [
        [0, 1],
        [1, 0],
      ] as const) {
        let heard = false;
        gateways[to]!.server.on('pj:probe', () => (heard = true));
        await waitFor(() => {
          gateways[from]!.server.serverSideEmit('pj:probe');
          return heard;
        }, 5000);
      }
      const probe = connect(urls[1]!, sessions.signIn(), sockets);
      await connected(probe.socket);
      await waitFor(() => {
        gateways[0]!.server.to(probe.socket.id!).emit('notification', { id: 'probe', kind: 'probe', title: 'probe' });
        return probe.titles.length > 0;
      }, 5000);
      probe.socket.close();
    }

    /** Waits until the stream shared by the instances holds an event carrying this marker. */
    async function inStream(marker: string): Promise<void> {
      await waitFor(async () => {
        const entries = await redis.xrevrange(SOCKET_IO_REDIS.streamName, '+', '-', 'COUNT', 200);
        return entries.some(([, fields]) => fields.join(' ').includes(marker));
      }, 5000);
    }

    /** Connects through the relay to one instance and waits for a first event (the client's first offset). */
    async function connectedWithOffset(url: string, user: SessionUser): Promise<Client> {
      relay.routeTo(url);
      const client = connect(relayUrl, user, sockets);
      await connected(client.socket);
      expect(client.socket.recovered).toBe(false);
      // The client can only ask for what it missed after a first event: recovery resumes from its offset.
      await notify(bus, user, 'before');
      await waitFor(() => client.titles.includes('before'), 5000);
      return client;
    }

    /** Cuts the network under the client and keeps it out until the server has stored its state in Redis. */
    async function dropConnection(client: Client): Promise<void> {
      relay.routeTo(undefined);
      relay.cut();
      await waitFor(() => client.disconnections.length > 0, 5000);
      expect(client.disconnections).toEqual(['transport close']);
      const key = SOCKET_IO_REDIS.sessionKeyPrefix + privateSessionId(client.socket);
      await waitFor(async () => (await redis.exists(key)) === 1, 5000);
    }

    // Instance 0 consumes each event and broadcasts it; the socket is on neither instance meanwhile.
    it.each([
      [1, 'the instance it dropped from'],
      [0, 'the other instance, which reads its state from Redis'],
    ])('recovers a dropped connection on instance %i (%s), with the event emitted meanwhile', async (target) => {
      const user = sessions.signIn();
      const client = await connectedWithOffset(urls[1]!, user);
      const id = client.socket.id;
      await dropConnection(client);

      const missed = `missed-${randomUUID()}`;
      await notify(bus, user, missed);
      await inStream(missed);
      expect(client.titles).toEqual(['before']);

      relay.routeTo(urls[target]);
      await waitFor(() => client.socket.connected, 5000);
      expect(client.socket.recovered).toBe(true);
      expect(client.socket.id).toBe(id);
      await waitFor(() => client.titles.includes(missed), 5000);

      // Back in its rooms: later events arrive, once.
      await notify(bus, user, 'after');
      await waitFor(() => client.titles.includes('after'), 5000);
      expect(client.titles).toEqual(['before', missed, 'after']);
      // The instance it is not on finds it there (fetchSockets across instances).
      const found = await gateways[1 - target]!.server.in(userRoom(user.userId)).fetchSockets();
      expect(found.map((socket) => socket.id)).toEqual([id]);
    });

    it('does not recover a session revoked while the connection was down, nor send it what it missed', async () => {
      const user = sessions.signIn();
      const client = await connectedWithOffset(urls[1]!, user);
      const pid = privateSessionId(client.socket);
      await dropConnection(client);

      await revoke(bus, sessions, user);
      const missed = `missed-${randomUUID()}`;
      await notify(bus, user, missed);
      await inStream(missed);

      relay.routeTo(urls[0]);
      const error = await refused(client.socket);
      expect(error.message).toBe('unauthorized');
      expect(client.socket.connected).toBe(false);
      expect(client.socket.recovered).toBe(false);
      expect(client.titles).toEqual(['before']);
      // Not even on the wire: Socket.IO would write the missed events before the middlewares run.
      expect(client.frames.some((frame) => frame.includes(missed))).toBe(false);
      // The stored state was used up by that attempt; it cannot be tried again.
      expect(await redis.exists(SOCKET_IO_REDIS.sessionKeyPrefix + pid)).toBe(0);
    });

    it('ends a revoked session on the other instance for good, and every instance forgets it', async () => {
      const user = sessions.signIn();
      // Straight to instance 1; instance 0 consumes the revocation.
      const client = connect(urls[1]!, user, sockets);
      await connected(client.socket);
      const pid = privateSessionId(client.socket);

      await revoke(bus, sessions, user);
      await waitFor(() => client.disconnections.length > 0, 5000);
      expect(client.disconnections).toEqual(['io server disconnect']);
      await waitFor(() => sessions.evicted[1]!.includes(user.sessionId), 5000);
      expect(sessions.evicted[0]).toContain(user.sessionId);
      // A disconnection by the server is final: no state kept to recover, and the client does not retry.
      expect(await redis.exists(SOCKET_IO_REDIS.sessionKeyPrefix + pid)).toBe(0);
      expect(client.socket.active).toBe(false);
    });

    it('gives a browser that offers another session’s state a fresh socket, not that state', async () => {
      const previous = sessions.signIn();
      const client = await connectedWithOffset(urls[1]!, previous);
      await dropConnection(client);
      const missed = `missed-${randomUUID()}`;
      await notify(bus, previous, missed);
      await inStream(missed);

      // Signed out while the network was down, then in as someone else, in the same page.
      sessions.live.delete(previous.sessionId);
      const next = sessions.signIn();
      client.socket.io.opts.extraHeaders = { cookie: `${SESSION_COOKIE}=${next.sessionId}` };
      relay.routeTo(urls[1]);
      await waitFor(() => client.socket.connected, 5000);

      await notify(bus, previous, 'for the previous user');
      await notify(bus, next, 'for the new user');
      await waitFor(() => client.titles.includes('for the new user'), 5000);
      expect(client.titles).toEqual(['before', 'for the new user']);
      expect(client.frames.some((frame) => frame.includes(missed))).toBe(false);
    });
  },
);

describe('Socket.IO connection-state recovery on one gateway (in-memory adapter)', () => {
  const bus = new MemoryEventBus();
  const sessions = new Sessions();
  const relay = new Relay();
  const sockets: ClientSocket[] = [];
  let app: NestFastifyApplication;
  let gateway: RealtimeGateway;
  let url: string;
  let relayUrl: string;

  beforeAll(async () => {
    ({ app } = await createGatewayApp({
      env: { INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent' },
      eventBus: bus,
      sessions: sessions.resolver(),
    }));
    url = await listenOnFreePort(app);
    gateway = app.get(RealtimeGateway);
    relayUrl = await relay.listen();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await relay.close();
    await app?.close();
    await bus.close();
  });

  async function droppedAfterFirstEvent(user: SessionUser): Promise<Client> {
    relay.routeTo(url);
    const client = connect(relayUrl, user, sockets);
    await connected(client.socket);
    await notify(bus, user, 'before');
    await waitFor(() => client.titles.includes('before'), 5000);
    relay.routeTo(undefined);
    relay.cut();
    await waitFor(() => client.disconnections.length > 0, 5000);
    expect(client.disconnections).toEqual(['transport close']);
    // The in-memory adapter keeps the state as the socket closes.
    await waitFor(async () => (await gateway.server.in(userRoom(user.userId)).fetchSockets()).length === 0, 5000);
    return client;
  }

  it('recovers a dropped connection with the event emitted meanwhile', async () => {
    const user = sessions.signIn();
    const client = await droppedAfterFirstEvent(user);
    const missed = `missed-${randomUUID()}`;
    await notify(bus, user, missed);

    relay.routeTo(url);
    await waitFor(() => client.socket.connected, 5000);
    expect(client.socket.recovered).toBe(true);
    await waitFor(() => client.titles.includes(missed), 5000);
    expect(client.titles).toEqual(['before', missed]);
  });

  it('does not recover a revoked session, nor send it what it missed', async () => {
    const user = sessions.signIn();
    const client = await droppedAfterFirstEvent(user);
    await revoke(bus, sessions, user);
    const missed = `missed-${randomUUID()}`;
    await notify(bus, user, missed);

    relay.routeTo(url);
    const error = await refused(client.socket);
    expect(error.message).toBe('unauthorized');
    expect(client.socket.recovered).toBe(false);
    expect(client.titles).toEqual(['before']);
    expect(client.frames.some((frame) => frame.includes(missed))).toBe(false);
  });
});
