import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { NotificationRequestedV1, type ServerToClientEvents, SESSION_COOKIE } from '@projectory/contracts';
import { MemoryEventBus } from '@projectory/platform';
import {
  describeWithInfra,
  listenOnFreePort,
  publishEvent,
  TEST_INTERNAL_SECRET,
  TEST_REDIS_URL,
  waitFor,
} from '@projectory/testing';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { createGatewayApp, type SessionResolver } from '../src/index.js';
import { SOCKET_IO_REDIS } from '../src/realtime/socket-io.adapter.js';

const user = { userId: randomUUID(), role: 'employer' as const, sessionId: 'session-employer-1' };
const sessions: SessionResolver = { resolve: async (id) => (id === user.sessionId ? user : null) };

await describeWithInfra(['redis'], 'Socket.IO across two gateway instances (Redis Streams adapter)', () => {
  const bus = new MemoryEventBus();
  const apps: NestFastifyApplication[] = [];
  const urls: string[] = [];
  let socket: Socket<ServerToClientEvents> | undefined;

  beforeAll(async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      // The Redis Streams adapter's channel of the main namespace (serverSideEmit, fetchSockets).
      const subscribers = async () => {
        const channel = `${SOCKET_IO_REDIS.channelPrefix}#/#`;
        const reply = (await redis.call('PUBSUB', 'NUMSUB', channel)) as [string, number];
        return Number(reply[1]);
      };
      const subscribedBefore = await subscribers();
      for (let i = 0; i < 2; i += 1) {
        const { app } = await createGatewayApp({
          env: { INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent', REDIS_URL: TEST_REDIS_URL },
          eventBus: bus,
          sessions,
        });
        apps.push(app);
        urls.push(await listenOnFreePort(app));
      }
      // The adapters subscribe and start reading the stream asynchronously (on connections of their own,
      // opened together); a broadcast sent before that would be lost.
      await waitFor(async () => (await subscribers()) >= subscribedBefore + 2, 5000);
    } finally {
      await redis.quit();
    }
  });

  afterAll(async () => {
    socket?.close();
    for (const app of apps) await app.close();
    await bus.close();
  });

  it('reaches a socket on the other instance than the one that handled the event', async () => {
    // Both gateways share the consumer group, so only the first one handles the event; the socket
    // is connected to the second one.
    socket = io(urls[1], {
      path: '/api/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: `${SESSION_COOKIE}=${user.sessionId}` },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.on('connect', resolve);
      socket!.on('connect_error', reject);
    });
    const received: unknown[] = [];
    socket.on('match:updated', (data) => received.push(data));
    const data = { matchId: randomUUID(), status: 'accepted', projectId: randomUUID() };
    await publishEvent(
      bus,
      NotificationRequestedV1,
      user.userId,
      { userId: user.userId, event: 'match:updated', data },
      { source: 'matching' },
    );
    await waitFor(() => received.length > 0, 5000);
    expect(received).toEqual([data]);
  });
});
