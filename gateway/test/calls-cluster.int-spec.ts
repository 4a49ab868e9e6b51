import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  type CallAck,
  CallInternalPaths,
  type CallRecord,
  type ClientToServerEvents,
  type ServerToClientEvents,
  SESSION_COOKIE,
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
import { createGatewayApp, type SessionResolver } from '../src/index.js';
import { SOCKET_IO_REDIS } from '../src/realtime/socket-io.adapter.js';

const student = { userId: randomUUID(), role: 'student' as const, sessionId: `calls-student-${randomUUID()}` };
const employer = { userId: randomUUID(), role: 'employer' as const, sessionId: `calls-employer-${randomUUID()}` };
const sessions: SessionResolver = {
  resolve: async (id) => [student, employer].find((user) => user.sessionId === id) ?? null,
};
const matchId = randomUUID();

type Tab = Socket<ServerToClientEvents, ClientToServerEvents> & {
  received: { event: string; data: { callId?: string; reason?: string } }[];
};

/**
 * Video calls with two gateway instances (Redis Streams adapter): the caller's tab on one, the callee's
 * tabs on the other. Messaging is a stand-in that knows one accepted match and records what calls left.
 */
await describeWithInfra(['redis'], 'video calls across two gateway instances', () => {
  const bus = new MemoryEventBus();
  const apps: NestFastifyApplication[] = [];
  const urls: string[] = [];
  const tabs: Tab[] = [];
  const records: CallRecord[] = [];
  let messaging: HttpServer;

  beforeAll(async () => {
    messaging = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        if (request.method === 'GET' && request.url === CallInternalPaths.participants(matchId)) {
          response.end(
            JSON.stringify({ matchId, studentId: student.userId, employerId: employer.userId, status: 'accepted' }),
          );
        } else if (request.method === 'POST' && request.url === CallInternalPaths.records) {
          records.push(JSON.parse(body) as CallRecord);
          response.statusCode = 201;
          response.end('{}');
        } else {
          response.statusCode = 404;
          response.end('{}');
        }
      });
    });
    await new Promise<void>((resolve) => messaging.listen(0, '127.0.0.1', resolve));
    const messagingUrl = `http://127.0.0.1:${(messaging.address() as AddressInfo).port}`;

    const redis = new Redis(TEST_REDIS_URL);
    try {
      const subscribers = async () => {
        const reply = (await redis.call('PUBSUB', 'NUMSUB', `${SOCKET_IO_REDIS.channelPrefix}#/#`)) as [string, number];
        return Number(reply[1]);
      };
      const before = await subscribers();
      for (let i = 0; i < 2; i += 1) {
        const { app } = await createGatewayApp({
          env: {
            INTERNAL_SECRET: TEST_INTERNAL_SECRET,
            LOG_LEVEL: 'silent',
            REDIS_URL: TEST_REDIS_URL,
            MESSAGING_URL: messagingUrl,
            CALL_DISCONNECT_GRACE_MS: '200',
          },
          eventBus: bus,
          sessions,
        });
        apps.push(app);
        urls.push(await listenOnFreePort(app));
      }
      await waitFor(async () => (await subscribers()) >= before + 2, 5000);
    } finally {
      await redis.quit();
    }
  });

  afterAll(async () => {
    tabs.forEach((tab) => tab.close());
    for (const app of apps) await app.close();
    await bus.close();
    await new Promise((resolve) => messaging?.close(resolve));
  });

  async function tab(url: string, user: { sessionId: string }): Promise<Tab> {
    const socket = io(url, {
      path: '/api/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: `${SESSION_COOKIE}=${user.sessionId}` },
      reconnection: false,
    }) as Tab;
    tabs.push(socket);
    socket.received = [];
    socket.onAny((event: string, data: Tab['received'][number]['data']) => socket.received.push({ event, data }));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    return socket;
  }

  const send = (socket: Tab, event: keyof ClientToServerEvents, data: unknown): Promise<CallAck> =>
    new Promise((resolve) => (socket.emit as (...args: unknown[]) => void)(event, data, resolve));
  const got = (socket: Tab, event: string, callId: string) =>
    socket.received.filter((item) => item.event === event && item.data.callId === callId);
  const waitForEvent = (socket: Tab, event: string, callId: string) =>
    waitFor(() => got(socket, event, callId).length > 0, 5000);

  it('rings, answers, signals, refuses a second call and hangs up across instances', async () => {
    const caller = await tab(urls[0]!, student);
    const [callee1, callee2] = [await tab(urls[1]!, employer), await tab(urls[1]!, employer)];
    const callId = randomUUID();
    expect(await send(caller, 'call:invite', { matchId, callId, video: true })).toEqual({ ok: true });
    await waitForEvent(callee1, 'call:invite', callId);
    await waitForEvent(callee2, 'call:invite', callId);

    // The callee's instance does not hold the call: its events are forwarded to the one that does.
    const busy = randomUUID();
    expect(await send(callee1, 'call:invite', { matchId, callId: busy, video: false })).toEqual({
      ok: false,
      error: 'BUSY',
    });
    expect(await send(callee2, 'call:accept', { callId })).toEqual({ ok: true });
    await waitForEvent(caller, 'call:accept', callId);
    await waitForEvent(callee1, 'call:ended', callId);
    expect(got(callee1, 'call:ended', callId)[0]!.data.reason).toBe('answered-elsewhere');

    const description = { type: 'offer', sdp: 'v=0' };
    expect(await send(caller, 'call:signal', { callId, description })).toEqual({ ok: true });
    await waitForEvent(callee2, 'call:signal', callId);
    expect(await send(callee2, 'call:signal', { callId, description: { type: 'answer', sdp: 'v=0' } })).toEqual({
      ok: true,
    });
    await waitForEvent(caller, 'call:signal', callId);
    expect(await send(callee1, 'call:signal', { callId, description })).toEqual({ ok: false, error: 'NOT_FOUND' });
    expect(got(caller, 'call:signal', callId)).toHaveLength(1);

    expect(await send(callee2, 'call:end', { callId })).toEqual({ ok: true });
    await waitForEvent(caller, 'call:ended', callId);
    expect(got(caller, 'call:ended', callId)[0]!.data.reason).toBe('completed');
    await waitFor(() => records.some((record) => record.callId === callId), 5000);
    expect(records.filter((record) => record.callId === callId)).toEqual([
      {
        callId,
        matchId,
        callerId: student.userId,
        video: true,
        outcome: 'completed',
        durationSeconds: expect.any(Number),
      },
    ]);
  });

  it('ends a call when the tab in it on the other instance goes away', async () => {
    const caller = await tab(urls[0]!, student);
    const callee = await tab(urls[1]!, employer);
    const callId = randomUUID();
    expect(await send(caller, 'call:invite', { matchId, callId, video: false })).toEqual({ ok: true });
    await waitForEvent(callee, 'call:invite', callId);
    expect(await send(callee, 'call:accept', { callId })).toEqual({ ok: true });
    callee.close();
    await waitForEvent(caller, 'call:ended', callId);
    expect(got(caller, 'call:ended', callId)[0]!.data.reason).toBe('disconnected');
  });
});
