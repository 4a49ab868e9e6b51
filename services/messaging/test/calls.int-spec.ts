import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import type {
  CallAck,
  ClientToServerEvents,
  Collection,
  IceServersResponse,
  Message,
  Notification,
  ServerToClientEvents,
} from '@projectory/contracts';
import { describeWithInfra, type Person, waitFor } from '@projectory/testing';
import { io, type Socket } from 'socket.io-client';
import { acceptedMatch, person } from './conversation-fixture.js';

type Tab = Socket<ServerToClientEvents, ClientToServerEvents>;
type Received = { event: string; data: Record<string, unknown> };

const TURN_SECRET = 'test-turn-secret-0123456789';
const RING_TIMEOUT_MS = 1500;

/**
 * API.md "Video calls", server side: signalling through the gateway's Socket.IO server between the two
 * participants of a match only (real socket.io clients, real services), the call rules, the message every
 * call leaves, and the ICE servers' coturn credentials.
 */
await describeWithInfra(['postgres'], 'video calls', () => {
  const tabs: Tab[] = [];
  // Declared first, so it runs before the stack stops.
  afterAll(() => tabs.forEach((tab) => tab.close()));
  const stack = useApiStack(['identity', 'projects', 'matching', 'messaging'], {
    CALL_RING_TIMEOUT_MS: String(RING_TIMEOUT_MS),
    CALL_DISCONNECT_GRACE_MS: '300',
    TURN_URLS: 'stun:turn.test:3478,turn:turn.test:3478?transport=udp,turns:turn.test:5349',
    TURN_SECRET,
    TURN_TTL_SECONDS: '600',
  });

  /** A browser tab of `who`, connected, recording every call event it receives. */
  async function tab(who: Person): Promise<Tab & { received: Received[] }> {
    const socket = io(stack.base, {
      path: '/api/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: who.client.cookieHeader, origin: stack.base },
      reconnection: false,
    }) as Tab & { received: Received[] };
    tabs.push(socket);
    socket.received = [];
    socket.onAny((event: string, data: Record<string, unknown>) => {
      if (event.startsWith('call:') || event === 'message:new') socket.received.push({ event, data });
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    return socket;
  }

  const send = <E extends keyof ClientToServerEvents>(socket: Tab, event: E, data: unknown): Promise<CallAck> =>
    new Promise((resolve) => (socket.emit as (...args: unknown[]) => void)(event, data, resolve));

  const got = (socket: { received: Received[] }, event: string, callId: string) =>
    socket.received.filter((item) => item.event === event && item.data.callId === callId);

  const waitForEvent = (socket: { received: Received[] }, event: string, callId: string) =>
    waitFor(() => got(socket, event, callId).length > 0, 5000);

  /** The call's message in the thread, once messaging stored it. */
  async function callMessage(who: Person, matchId: string, callId: string): Promise<Message> {
    let found: Message | undefined;
    await waitFor(async () => {
      const response = await who.client.get(`/api/messages/match/${matchId}`);
      found = response.json<Collection<Message>>().items.find((message) => message.call?.callId === callId);
      return found !== undefined;
    }, 10_000);
    return found!;
  }

  async function callPair() {
    const match = await acceptedMatch(stack);
    const [studentTab, employerTab1, employerTab2] = [
      await tab(match.student),
      await tab(match.employer),
      await tab(match.employer),
    ];
    return { ...match, studentTab, employerTab1, employerTab2 };
  }

  it('relays an invite to every tab of the callee, ringing to the caller, and signals between the two tabs in the call', async () => {
    const { matchId, student, employer, studentTab, employerTab1, employerTab2 } = await callPair();
    const callId = randomUUID();
    expect(await send(studentTab, 'call:invite', { matchId, callId, video: true })).toEqual({ ok: true });
    await waitForEvent(employerTab1, 'call:invite', callId);
    await waitForEvent(employerTab2, 'call:invite', callId);
    expect(got(employerTab1, 'call:invite', callId)[0]!.data).toEqual({
      callId,
      matchId,
      video: true,
      fromUserId: student.user.id,
    });
    await waitForEvent(studentTab, 'call:ringing', callId);

    // An offer before the answer reaches every tab of the callee.
    const offer = { type: 'offer', sdp: 'v=0 offer' };
    expect(await send(studentTab, 'call:signal', { callId, description: offer })).toEqual({ ok: true });
    await waitForEvent(employerTab1, 'call:signal', callId);
    await waitForEvent(employerTab2, 'call:signal', callId);
    expect(got(employerTab2, 'call:signal', callId)[0]!.data).toMatchObject({
      callId,
      matchId,
      description: offer,
      fromUserId: student.user.id,
    });

    // Accepting on one tab stops the other one ringing.
    expect(await send(employerTab1, 'call:accept', { callId })).toEqual({ ok: true });
    await waitForEvent(studentTab, 'call:accept', callId);
    await waitForEvent(employerTab2, 'call:ended', callId);
    expect(got(employerTab2, 'call:ended', callId)[0]!.data).toEqual({
      callId,
      matchId,
      reason: 'answered-elsewhere',
    });
    expect(got(employerTab1, 'call:ended', callId)).toEqual([]);

    // From now on only the two tabs in the call exchange signals.
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    expect(await send(employerTab1, 'call:signal', { callId, candidate })).toEqual({ ok: true });
    await waitForEvent(studentTab, 'call:signal', callId);
    expect(got(studentTab, 'call:signal', callId)[0]!.data).toMatchObject({ candidate, fromUserId: employer.user.id });
    expect(await send(employerTab2, 'call:signal', { callId, candidate })).toEqual({ ok: false, error: 'NOT_FOUND' });
    expect(await send(studentTab, 'call:signal', { callId, description: { type: 'answer', sdp: 'a' } })).toEqual({
      ok: true,
    });
    await waitFor(() => got(employerTab1, 'call:signal', callId).length === 2, 5000);
    expect(got(employerTab2, 'call:signal', callId)).toHaveLength(1);

    // Hang-up: the other side hears it, both end, and the thread gets a completed call with its duration.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await send(employerTab1, 'call:end', { callId })).toEqual({ ok: true });
    await waitForEvent(studentTab, 'call:end', callId);
    await waitForEvent(studentTab, 'call:ended', callId);
    expect(got(studentTab, 'call:ended', callId)[0]!.data.reason).toBe('completed');
    const message = await callMessage(employer, matchId, callId);
    expect(message).toMatchObject({
      matchId,
      senderId: student.user.id,
      recipientId: employer.user.id,
      call: { callId, outcome: 'completed', durationSeconds: expect.any(Number) },
    });
    expect(message.call!.durationSeconds).toBeGreaterThanOrEqual(1);
    expect(message.call!.durationSeconds).toBeLessThan(10);
    expect(message.content).toMatch(/^Video call · 0:0\d$/);
    // Pushed as message:new to both like any message.
    await waitFor(
      () => studentTab.received.some((item) => item.event === 'message:new' && item.data.id === message.id),
      5000,
    );
    await waitFor(
      () => employerTab2.received.some((item) => item.event === 'message:new' && item.data.id === message.id),
      5000,
    );
  });

  it("lets a stranger's invite and signal reach nobody", async () => {
    const { matchId, studentTab, employerTab1, employerTab2 } = await callPair();
    const strangerTab = await tab(await person(stack, 'student'));
    const callId = randomUUID();
    expect(await send(strangerTab, 'call:invite', { matchId, callId, video: true })).toEqual({
      ok: false,
      error: 'NOT_FOUND',
    });
    // The participants' own call, then the stranger tries to signal into it and end it.
    const realCall = randomUUID();
    expect(await send(studentTab, 'call:invite', { matchId, callId: realCall, video: false })).toEqual({ ok: true });
    await waitForEvent(employerTab1, 'call:invite', realCall);
    const signal = { callId: realCall, description: { type: 'offer', sdp: 'evil' } };
    expect(await send(strangerTab, 'call:signal', signal)).toEqual({ ok: false, error: 'NOT_FOUND' });
    expect(await send(strangerTab, 'call:accept', { callId: realCall })).toEqual({ ok: false, error: 'NOT_FOUND' });
    expect(await send(strangerTab, 'call:end', { callId: realCall })).toEqual({ ok: false, error: 'NOT_FOUND' });
    // Nothing the stranger sent arrived anywhere (a round trip on each tab orders the check after them).
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const socket of [studentTab, employerTab1, employerTab2]) {
      expect(socket.received.filter((item) => item.data.callId === callId)).toEqual([]);
      expect(got(socket, 'call:signal', realCall)).toEqual([]);
      expect(got(socket, 'call:ended', realCall)).toEqual([]);
    }
    // Bad payloads are refused with the field named.
    expect(await send(studentTab, 'call:invite', { matchId, callId: 'x', video: 'yes' })).toMatchObject({
      ok: false,
      error: 'VALIDATION_FAILED',
      issues: expect.arrayContaining([
        expect.objectContaining({ path: 'callId' }),
        expect.objectContaining({ path: 'video' }),
      ]),
    });
    expect(await send(studentTab, 'call:end', { callId: realCall })).toEqual({ ok: true });
  });

  it('refuses an invite at once after either side blocked the other, and again after the block is lifted it rings', async () => {
    const { matchId, student, employer, studentTab, employerTab1 } = await callPair();
    expect((await student.client.mutate('POST', `/api/blocks/${employer.user.id}`)).status).toBe(204);
    const refused = randomUUID();
    // Both directions: the blocked employer cannot call, and the student cannot call whom they blocked.
    expect(await send(employerTab1, 'call:invite', { matchId, callId: refused, video: true })).toEqual({
      ok: false,
      error: 'BLOCKED',
    });
    expect(await send(studentTab, 'call:invite', { matchId, callId: randomUUID(), video: true })).toEqual({
      ok: false,
      error: 'BLOCKED',
    });
    expect(got(studentTab, 'call:invite', refused)).toEqual([]);
    expect((await student.client.mutate('DELETE', `/api/blocks/${employer.user.id}`)).status).toBe(204);
    const callId = randomUUID();
    expect(await send(employerTab1, 'call:invite', { matchId, callId, video: false })).toEqual({ ok: true });
    await waitForEvent(studentTab, 'call:invite', callId);
    expect(await send(employerTab1, 'call:end', { callId })).toEqual({ ok: true });
  });

  it('answers a second invite of the same match busy, and ends an unanswered one as missed with a notification', async () => {
    const { matchId, student, employer, studentTab, employerTab1 } = await callPair();
    const first = randomUUID();
    const startedAt = Date.now();
    expect(await send(studentTab, 'call:invite', { matchId, callId: first, video: true })).toEqual({ ok: true });
    const second = randomUUID();
    expect(await send(employerTab1, 'call:invite', { matchId, callId: second, video: true })).toEqual({
      ok: false,
      error: 'BUSY',
    });
    await waitForEvent(employerTab1, 'call:ended', second);
    expect(got(employerTab1, 'call:ended', second)[0]!.data).toEqual({ callId: second, matchId, reason: 'busy' });
    expect(got(studentTab, 'call:invite', second)).toEqual([]);

    // Nobody answers: both sides hear it ended as missed after the ring timeout.
    await waitForEvent(employerTab1, 'call:ended', first);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(RING_TIMEOUT_MS - 50);
    expect(got(employerTab1, 'call:ended', first)[0]!.data.reason).toBe('missed');
    await waitForEvent(studentTab, 'call:ended', first);
    const message = await callMessage(student, matchId, first);
    expect(message).toMatchObject({
      senderId: student.user.id,
      recipientId: employer.user.id,
      content: 'Missed video call',
      call: { callId: first, outcome: 'missed', durationSeconds: 0 },
    });
    let missed: Notification | undefined;
    await waitFor(async () => {
      const inbox = (await employer.client.get('/api/notifications')).json<Collection<Notification>>();
      missed = inbox.items.find((item) => item.type === 'call.missed');
      return missed !== undefined;
    }, 10_000);
    expect(missed).toMatchObject({
      title: `Missed video call from ${student.user.firstName}`,
      link: `/messages?match=${matchId}`,
    });
    // The caller is not notified of their own unanswered call.
    const callerInbox = (await student.client.get('/api/notifications')).json<Collection<Notification>>();
    expect(callerInbox.items.filter((item) => item.type === 'call.missed')).toEqual([]);
  });

  it('leaves a declined call when the callee declines', async () => {
    const { matchId, employer, studentTab, employerTab2 } = await callPair();
    const callId = randomUUID();
    expect(await send(studentTab, 'call:invite', { matchId, callId, video: false })).toEqual({ ok: true });
    await waitForEvent(employerTab2, 'call:invite', callId);
    expect(await send(employerTab2, 'call:decline', { callId })).toEqual({ ok: true });
    await waitForEvent(studentTab, 'call:decline', callId);
    await waitForEvent(studentTab, 'call:ended', callId);
    expect(got(studentTab, 'call:ended', callId)[0]!.data.reason).toBe('declined');
    const message = await callMessage(employer, matchId, callId);
    expect(message).toMatchObject({
      content: 'Declined audio call',
      call: { outcome: 'declined', durationSeconds: 0 },
    });
    // The call is over: a new one may start.
    expect(await send(studentTab, 'call:invite', { matchId, callId: randomUUID(), video: false })).toEqual({
      ok: true,
    });
  });

  it('ends the call when the match ends, and refuses calls on the ended match', async () => {
    const { matchId, employer, studentTab, employerTab1 } = await callPair();
    const callId = randomUUID();
    expect(await send(studentTab, 'call:invite', { matchId, callId, video: true })).toEqual({ ok: true });
    await waitForEvent(employerTab1, 'call:invite', callId);
    expect(await send(employerTab1, 'call:accept', { callId })).toEqual({ ok: true });
    const completed = await employer.client.mutate('PATCH', `/api/matches/${matchId}`, { status: 'completed' });
    expect(completed.status).toBe(200);
    await waitForEvent(studentTab, 'call:ended', callId);
    expect(got(studentTab, 'call:ended', callId)[0]!.data.reason).toBe('match-ended');
    await waitForEvent(employerTab1, 'call:ended', callId);
    expect((await callMessage(employer, matchId, callId)).call).toMatchObject({ outcome: 'completed' });
    expect(await send(studentTab, 'call:invite', { matchId, callId: randomUUID(), video: true })).toEqual({
      ok: false,
      error: 'NOT_FOUND',
    });
  });

  it('ends a call whose tab went away and did not come back, leaving a completed call', async () => {
    const { matchId, employer, studentTab, employerTab1, employerTab2 } = await callPair();
    const callId = randomUUID();
    expect(await send(studentTab, 'call:invite', { matchId, callId, video: true })).toEqual({ ok: true });
    await waitForEvent(employerTab2, 'call:invite', callId);
    expect(await send(employerTab2, 'call:accept', { callId })).toEqual({ ok: true });
    await waitForEvent(studentTab, 'call:accept', callId);
    // A tab of the callee that is not in the call closing changes nothing.
    employerTab1.close();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(got(employerTab2, 'call:ended', callId)).toEqual([]);
    studentTab.close();
    await waitForEvent(employerTab2, 'call:ended', callId);
    expect(got(employerTab2, 'call:ended', callId)[0]!.data.reason).toBe('disconnected');
    expect((await callMessage(employer, matchId, callId)).call).toMatchObject({ callId, outcome: 'completed' });
  });

  it('gives ICE servers with time-limited coturn credentials to signed-in users only', async () => {
    const someone = await person(stack, 'student');
    const before = Math.floor(Date.now() / 1000);
    const response = await someone.client.get('/api/calls/ice-servers');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = response.json<IceServersResponse>();
    expect(body.ttlSeconds).toBe(600);
    expect(body.iceServers[0]).toEqual({ urls: ['stun:turn.test:3478'] });
    const turn = body.iceServers[1]!;
    expect(turn.urls).toEqual(['turn:turn.test:3478?transport=udp', 'turns:turn.test:5349']);
    const [expiry, userId] = turn.username!.split(':');
    expect(userId).toBe(someone.user.id);
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
    expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username!).digest('base64'));

    const signedOut = await stack.client().get('/api/calls/ice-servers');
    expect(signedOut.status).toBe(401);
  });
});
