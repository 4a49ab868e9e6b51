import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { callsTexts } from '../../web/src/features/calls/calls.texts.js';
import { fullName } from './messages.js';
import type { Account } from './accounts.js';

const t = callsTexts;

/**
 * Keeps every RTCPeerConnection the page makes in `window.__peers`, so the test reads `getStats()` of
 * the real call; `relay` forces `iceTransportPolicy: 'relay'` (the call must go through TURN). Test
 * only: the app has no such switch.
 */
export async function watchPeers(page: Page, { relay = false } = {}): Promise<void> {
  await page.addInitScript(`
    (() => {
      const Native = window.RTCPeerConnection;
      const peers = [];
      window.__peers = peers;
      window.RTCPeerConnection = class extends Native {
        constructor(config) {
          super(${relay} ? { ...config, iceTransportPolicy: 'relay' } : config);
          peers.push(this);
        }
      };
    })();
  `);
}

/** The browser's peer connections as the test reads them (the test's types have no DOM). */
type Stats = Map<string, Record<string, unknown>>;
type Peers = { __peers?: { getStats(): Promise<Stats> }[] };

export interface CallStats {
  framesDecoded: number;
  audioBytesReceived: number;
  audioBytesSent: number;
  /** The local candidate type of the pair in use ("host", "srflx", "relay"). */
  localCandidate: string | null;
}

/** `getStats()` of the page's newest peer connection. */
export async function callStats(page: Page): Promise<CallStats> {
  return page.evaluate(async () => {
    const pc = (globalThis as unknown as Peers).__peers?.at(-1);
    const result = {
      framesDecoded: 0,
      audioBytesReceived: 0,
      audioBytesSent: 0,
      localCandidate: null as string | null,
    };
    if (!pc) return result;
    const stats = await pc.getStats();
    let pairLocal: string | undefined;
    stats.forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video')
        result.framesDecoded += Number(report.framesDecoded ?? 0);
      if (report.type === 'inbound-rtp' && report.kind === 'audio')
        result.audioBytesReceived += Number(report.bytesReceived ?? 0);
      if (report.type === 'outbound-rtp' && report.kind === 'audio')
        result.audioBytesSent += Number(report.bytesSent ?? 0);
      if (report.type === 'transport' && typeof report.selectedCandidatePairId === 'string') {
        const pair = stats.get(report.selectedCandidatePairId);
        pairLocal = pair?.localCandidateId as string | undefined;
      }
    });
    if (pairLocal) result.localCandidate = String(stats.get(pairLocal)?.candidateType);
    return result;
  });
}

/** The call panel, named after the other person (or "Call ended"). */
export const callPanel = (page: Page, other: Account): Locator =>
  page.getByRole('region', { name: t.view.label(fullName(other)) });

export const endedPanel = (page: Page): Locator => page.getByRole('region', { name: t.ended.title });

export const incomingDialog = (page: Page, video: boolean): Locator =>
  page.getByRole('dialog', { name: t.incoming.title(video) });

/** Opens the thread and starts a call to `callee`. */
export async function startCall(page: Page, matchId: string, callee: Account, video: boolean): Promise<void> {
  await page.goto(`/messages?match=${matchId}`);
  const name = fullName(callee);
  await page.getByRole('button', { name: video ? t.start.videoLabel(name) : t.start.audioLabel(name) }).click();
}

/** The call message the thread shows (its outcome and text), newest first. */
export const callMessages = (page: Page): Locator => page.locator('.pj-message__call');

/** Waits until both sides' calls have connected and carry video and audio both ways. */
export async function expectMediaFlowing(pages: Page[], { video = true } = {}): Promise<void> {
  for (const page of pages) {
    await expect
      .poll(
        async () => {
          const stats = await callStats(page);
          return (!video || stats.framesDecoded > 0) && stats.audioBytesReceived > 0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  }
}

/** The coturn the TURN test starts: the server's TURN_URLS/TURN_SECRET must name the same port and secret. */
export const TURN_PORT = Number(process.env.E2E_TURN_PORT ?? 3479);
export const TURN_SECRET = process.env.E2E_TURN_SECRET ?? 'e2e-turn-secret-for-projectory-calls';

/** Starts Debian's coturn on loopback with coturn's REST credentials (use-auth-secret); null without it. */
export async function startTurnServer(): Promise<ChildProcess | null> {
  if (!existsSync('/usr/bin/turnserver')) return null;
  const turn = spawn(
    '/usr/bin/turnserver',
    [
      `--listening-port=${TURN_PORT}`,
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--min-port=${TURN_PORT + 20_000}`,
      `--max-port=${TURN_PORT + 20_100}`,
      '--use-auth-secret',
      `--static-auth-secret=${TURN_SECRET}`,
      '--realm=e2e.projectory.test',
      '--fingerprint',
      // Loopback only in this test: production denies private and loopback peers (docs/runbooks/coturn.md).
      '--allow-loopback-peers',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--no-software-attribute',
      '--no-stdout-log',
      '--log-file=/dev/null',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  turn.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  turn.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  while (!(await answersStun(TURN_PORT))) {
    if (turn.exitCode !== null || Date.now() - started > 10_000) {
      turn.kill();
      throw new Error(`turnserver did not start: ${output.slice(-2_000)}`);
    }
  }
  return turn;
}

/** Whether a STUN binding request to 127.0.0.1:port gets a binding response within 500 ms. */
function answersStun(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const request = Buffer.alloc(20);
    request.writeUInt16BE(0x0001, 0); // binding request, no attributes
    request.writeUInt32BE(0x2112a442, 4); // magic cookie
    randomBytes(12).copy(request, 8);
    const done = (answer: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), 500);
    socket.on('message', (message) => done(message.readUInt16BE(0) === 0x0101));
    socket.on('error', () => done(false));
    socket.send(request, port, '127.0.0.1');
  });
}

/** coturn's REST credentials: username `<expiry>:<name>`, password base64(HMAC-SHA1(secret, username)). */
export function turnCredentials(expiresAt: number, name: string): { username: string; credential: string } {
  const username = `${expiresAt}:${name}`;
  return { username, credential: createHmac('sha1', TURN_SECRET).update(username).digest('base64') };
}

/** The candidate types a fresh relay-only peer connection in the page gathers with these ICE servers. */
export async function gatheredCandidateTypes(page: Page, iceServers: unknown[]): Promise<string[]> {
  return page.evaluate(async (servers) => {
    type Peer = {
      createDataChannel(label: string): unknown;
      createOffer(): Promise<unknown>;
      setLocalDescription(description: unknown): Promise<void>;
      close(): void;
      iceGatheringState: string;
      onicecandidate: ((event: { candidate: { type: string } | null }) => void) | null;
    };
    const Peer = (globalThis as unknown as { RTCPeerConnection: new (config: unknown) => Peer }).RTCPeerConnection;
    const pc = new Peer({ iceServers: servers, iceTransportPolicy: 'relay' });
    const types: string[] = [];
    const done = new Promise<void>((resolve) => {
      pc.onicecandidate = ({ candidate }) => (candidate ? types.push(candidate.type) : resolve());
      setTimeout(resolve, 10_000);
    });
    pc.createDataChannel('probe');
    await pc.setLocalDescription(await pc.createOffer());
    await done;
    pc.close();
    return types;
  }, iceServers);
}
