import type { ChildProcess } from 'node:child_process';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { callsTexts } from '../web/src/features/calls/calls.texts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import {
  callMessages,
  callPanel,
  callStats,
  endedPanel,
  expectMediaFlowing,
  gatheredCandidateTypes,
  incomingDialog,
  startCall,
  startTurnServer,
  turnCredentials,
  watchPeers,
} from './support/calls.js';
import { acceptedMatch, fullName, type AcceptedMatch } from './support/messages.js';
import { PHONE, expectNoHorizontalOverflow } from './support/viewport.js';

const t = callsTexts;
// Two browsers with media on a shared 2-core machine: live events and ICE get generous time.
const expect = baseExpect.configure({ timeout: 20_000 });

async function pairWatchingPeers(browser: Parameters<typeof acceptedMatch>[0], relay = false): Promise<AcceptedMatch> {
  const pair = await acceptedMatch(browser);
  await watchPeers(pair.student, { relay });
  await watchPeers(pair.employer, { relay });
  return pair;
}

/**
 * The page's browser refuses the microphone or the camera as a user who said no (NotAllowedError);
 * `window.__denyDevice` says which, so the test can change its mind (null: allow both).
 */
async function denyDevice(page: Page, kind: 'audio' | 'video'): Promise<void> {
  await page.addInitScript(`
    (() => {
      window.__denyDevice = '${kind}';
      const devices = navigator.mediaDevices;
      const original = devices.getUserMedia.bind(devices);
      devices.getUserMedia = (constraints) =>
        window.__denyDevice && constraints && constraints[window.__denyDevice]
          ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
          : original(constraints);
    })();
  `);
}

/** Outbound audio bytes stop growing (sampled 1.5 s apart). */
async function expectAudioSendingStopped(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const before = (await callStats(page)).audioBytesSent;
        await page.waitForTimeout(1_500);
        return (await callStats(page)).audioBytesSent - before;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
}

test.describe('Video calls', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the student calls, the employer accepts on another page, media flows both ways, mute stops the audio, hang-up leaves the completed call', async ({
    browser,
  }) => {
    const { student, employer, studentAccount, employerAccount, matchId } = await pairWatchingPeers(browser);

    // The employer is elsewhere in the app: the call rings on any page.
    await employer.goto('/settings');
    // The employer has a second tab open: it rings too, and stops when the first tab answers.
    const secondTab = await employer.context().newPage();
    await secondTab.goto('/projects', { waitUntil: 'networkidle' });
    await startCall(student, matchId, employerAccount, true);
    await expect(callPanel(student, employerAccount)).toContainText(t.view.ringing(fullName(employerAccount)));

    const ringing = incomingDialog(employer, true);
    await expect(ringing).toContainText(t.incoming.from(fullName(studentAccount)));
    await expect(incomingDialog(secondTab, true)).toBeVisible();
    await expectNoSeriousAxeViolations(employer);
    await ringing.getByRole('button', { name: t.incoming.accept }).click();
    await expect(ringing).toBeHidden();
    await expect(incomingDialog(secondTab, true)).toBeHidden();
    await expect(secondTab.locator('.pj-call')).toHaveCount(0);
    await secondTab.close();

    const studentPanel = callPanel(student, employerAccount);
    const employerPanel = callPanel(employer, studentAccount);
    await expect(studentPanel).toHaveAttribute('data-phase', 'connected');
    await expect(employerPanel).toHaveAttribute('data-phase', 'connected');
    await expectMediaFlowing([student, employer]);
    await expect(studentPanel.locator('.pj-call__timer')).toBeVisible();
    await expect(studentPanel).toContainText(/Good connection|Fair connection|Poor connection/);
    await expectNoSeriousAxeViolations(student);

    // Mute: the student's outbound audio stops and the employer receives none; unmute brings it back.
    await studentPanel.getByRole('button', { name: t.view.mute }).click();
    await expect(studentPanel.getByRole('button', { name: t.view.unmute })).toHaveAttribute('aria-pressed', 'true');
    await expectAudioSendingStopped(student);
    const received = (await callStats(employer)).audioBytesReceived;
    await employer.waitForTimeout(1_500);
    expect((await callStats(employer)).audioBytesReceived).toBe(received);
    await studentPanel.getByRole('button', { name: t.view.unmute }).click();
    await expect
      .poll(async () => (await callStats(employer)).audioBytesReceived, { timeout: 15_000 })
      .toBeGreaterThan(received);

    // Camera off and on again renegotiates; video comes back.
    await employerPanel.getByRole('button', { name: t.view.cameraOff }).click();
    await employerPanel.getByRole('button', { name: t.view.cameraOn }).click();
    const frames = (await callStats(student)).framesDecoded;
    await expect
      .poll(async () => (await callStats(student)).framesDecoded, { timeout: 15_000 })
      .toBeGreaterThan(frames);

    // Screen share replaces the camera on the same sender; the student keeps decoding frames.
    await employerPanel.getByRole('button', { name: t.view.shareScreen }).click();
    await expect(employerPanel.getByRole('button', { name: t.view.stopSharing })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(employerPanel).toContainText(t.view.screenShared);
    const shared = (await callStats(student)).framesDecoded;
    await expect
      .poll(async () => (await callStats(student)).framesDecoded, { timeout: 15_000 })
      .toBeGreaterThan(shared);
    await employerPanel.getByRole('button', { name: t.view.stopSharing }).click();
    await expect(employerPanel.getByRole('button', { name: t.view.shareScreen })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // Keyboard: hang up by Tab and Enter from the student's panel.
    await studentPanel.getByRole('button', { name: t.view.hangUp }).focus();
    await student.keyboard.press('Enter');
    await expect(endedPanel(student)).toContainText(t.ended.reasons.hangup!);
    await expect(endedPanel(employer)).toContainText(/hung up|has ended/);

    await expect(callMessages(student).last()).toHaveAttribute('data-call-outcome', 'completed');
    await expect(callMessages(student).last()).toHaveText(/^Video call · \d+:\d\d$/);
    const stored = await employer.request.get(`/api/messages/match/${matchId}`);
    const { items } = (await stored.json()) as {
      items: { call: { outcome: string; durationSeconds: number } | null }[];
    };
    const call = items.find((item) => item.call)?.call;
    expect(call?.outcome).toBe('completed');
    expect(call?.durationSeconds).toBeGreaterThanOrEqual(1);
  });

  test('a declined call and a missed call leave theirs in the thread; the call fits a phone', async ({ browser }) => {
    const { student, employer, studentAccount, employerAccount, matchId } = await pairWatchingPeers(browser);
    await employer.setViewportSize(PHONE);
    await employer.goto(`/messages?match=${matchId}`);

    // Declined: the employer declines an audio call by keyboard.
    await startCall(student, matchId, employerAccount, false);
    const ringing = incomingDialog(employer, false);
    await expect(ringing).toBeVisible();
    await ringing.getByRole('button', { name: t.incoming.decline }).focus();
    await employer.keyboard.press('Enter');
    await expect(endedPanel(student)).toContainText(t.ended.reasons.declined!);
    await expect(callMessages(student).last()).toHaveAttribute('data-call-outcome', 'declined');
    await expect(callMessages(student).last()).toHaveText('Declined audio call');
    await expect(callMessages(employer).last()).toHaveText('Declined audio call');
    await student.getByRole('button', { name: t.view.close }).click();

    // Missed: nobody answers; the server's ring timeout ends it on both sides.
    await startCall(student, matchId, employerAccount, true);
    await expect(incomingDialog(employer, true)).toBeVisible();
    await expectNoHorizontalOverflow(employer);
    await expect(endedPanel(student)).toContainText(t.ended.reasons.missed!, { timeout: 70_000 });
    await expect(incomingDialog(employer, true)).toBeHidden();
    await expect(callMessages(student).last()).toHaveAttribute('data-call-outcome', 'missed');
    await expect(callMessages(employer).last()).toHaveText('Missed video call');

    // On a phone the call fills the screen without overflow, and is axe clean.
    await startCall(employer, matchId, studentAccount, true);
    await incomingDialog(student, true).getByRole('button', { name: t.incoming.accept }).click();
    await expect(callPanel(employer, studentAccount)).toHaveAttribute('data-phase', 'connected');
    await expectNoHorizontalOverflow(employer);
    await expectNoSeriousAxeViolations(employer);
    await callPanel(employer, studentAccount).getByRole('button', { name: t.view.hangUp }).click();
    await expect(endedPanel(student)).toBeVisible();
  });

  test('both call each other at the same moment: they end up in one call without anyone accepting', async ({
    browser,
  }) => {
    const { student, employer, studentAccount, employerAccount, matchId } = await pairWatchingPeers(browser);
    await Promise.all([student.goto(`/messages?match=${matchId}`), employer.goto(`/messages?match=${matchId}`)]);
    const studentButton = student.getByRole('button', { name: t.start.videoLabel(fullName(employerAccount)) });
    const employerButton = employer.getByRole('button', { name: t.start.videoLabel(fullName(studentAccount)) });
    await expect(studentButton).toBeEnabled();
    await expect(employerButton).toBeEnabled();
    // Clicked in the same instant (a driver click would wait for the button the other's invite disables).
    await Promise.all([studentButton.dispatchEvent('click'), employerButton.dispatchEvent('click')]);

    await expect(callPanel(student, employerAccount)).toHaveAttribute('data-phase', 'connected');
    await expect(callPanel(employer, studentAccount)).toHaveAttribute('data-phase', 'connected');
    await expectMediaFlowing([student, employer]);
    await callPanel(employer, studentAccount).getByRole('button', { name: t.view.hangUp }).click();
    // One call, one message (the other invite was refused or dropped, never stored as a call).
    await expect(callMessages(student)).toHaveCount(1);
    await expect(callMessages(student).last()).toHaveAttribute('data-call-outcome', 'completed');
  });

  test('a denied microphone stops the call before it rings; a denied camera leaves an audio call, each saying why', async ({
    browser,
  }) => {
    const { student, employer, studentAccount, employerAccount, matchId } = await pairWatchingPeers(browser);
    await denyDevice(student, 'audio');
    await denyDevice(employer, 'video');
    await employer.goto('/settings');

    await startCall(student, matchId, employerAccount, false);
    await expect(endedPanel(student)).toContainText(t.media.micDenied);
    await expect(incomingDialog(employer, false)).toBeHidden();
    await expectNoSeriousAxeViolations(student);
    await endedPanel(student).getByRole('button', { name: t.view.close }).click();
    await expect(endedPanel(student)).toBeHidden();
    await student.evaluate(() => ((globalThis as { __denyDevice?: string | null }).__denyDevice = null));

    // The employer's camera is refused: their video call goes on as audio, and they are told why.
    await startCall(employer, matchId, studentAccount, true);
    await expect(callPanel(employer, studentAccount)).toContainText(t.media.cameraDenied);
    await incomingDialog(student, true).getByRole('button', { name: t.incoming.accept }).click();
    await expect(callPanel(employer, studentAccount)).toHaveAttribute('data-phase', 'connected');
    await expect(callPanel(employer, studentAccount).getByRole('button', { name: t.view.cameraOn })).toBeVisible();
    await callPanel(employer, studentAccount).getByRole('button', { name: t.view.hangUp }).click();
    await expect(callMessages(employer).last()).toHaveAttribute('data-call-outcome', 'completed');
  });

  test.describe('through a TURN relay', () => {
    let turn: ChildProcess | null = null;
    test.beforeAll(async () => {
      turn = await startTurnServer();
    });
    test.afterAll(() => {
      turn?.kill();
    });

    test('the call connects through coturn when only relay candidates are allowed; expired credentials are refused', async ({
      browser,
    }) => {
      const pair = await pairWatchingPeers(browser, true);
      const { student, employer, studentAccount, employerAccount, matchId } = pair;
      const answer = await student.request.get('/api/calls/ice-servers');
      expect(answer.status()).toBe(200);
      const { iceServers } = (await answer.json()) as { iceServers: { urls: string | string[] }[] };
      const hasTurn = iceServers.some((server) => [server.urls].flat().some((url) => url.startsWith('turn:')));
      test.skip(!turn || !hasTurn, 'needs /usr/bin/turnserver and the server started with TURN_URLS and TURN_SECRET');

      await employer.goto('/dashboard');
      await startCall(student, matchId, employerAccount, true);
      await incomingDialog(employer, true).getByRole('button', { name: t.incoming.accept }).click();
      await expect(callPanel(student, employerAccount)).toHaveAttribute('data-phase', 'connected');
      await expect(callPanel(employer, studentAccount)).toHaveAttribute('data-phase', 'connected');
      await expectMediaFlowing([student, employer]);
      expect((await callStats(student)).localCandidate).toBe('relay');
      expect((await callStats(employer)).localCandidate).toBe('relay');
      await callPanel(student, employerAccount).getByRole('button', { name: t.view.hangUp }).click();
      await expect(callMessages(student).last()).toHaveAttribute('data-call-outcome', 'completed');

      // coturn allocates with the server's fresh credentials and refuses ones whose time is up.
      const turnUrls = iceServers.filter((server) => [server.urls].flat().some((url) => url.startsWith('turn:')));
      expect(await gatheredCandidateTypes(student, turnUrls)).toContain('relay');
      const now = Math.floor(Date.now() / 1000);
      const expired = turnUrls.map((server) => ({ urls: server.urls, ...turnCredentials(now - 60, 'expired-user') }));
      expect(await gatheredCandidateTypes(student, expired)).not.toContain('relay');
    });
  });
});
