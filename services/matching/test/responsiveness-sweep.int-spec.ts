import { afterAll, beforeAll, expect, it } from '@jest/globals';
import {
  EmployerResponsivenessChangedV1,
  type EventEnvelope,
  type Match,
  NotificationRequestedV1,
  Queues,
} from '@projectory/contracts';
import { type ApiStack, startApiStack } from '@projectory/api-stack';
import { describeWithInfra, type EnvelopeOf, type EventRecorder, recordEvents } from '@projectory/testing';
import type { ApplicationTimer } from '../src/services/responsiveness.service.js';
import { apply, createProject, type Person, setStatus, signUp, withDatabase } from './matching-fixtures.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The safety net under the application timers: with no timer running (as after a restart of the
 * embedded mode, whose queue is in memory), a sweep sends the due nudges and moves the figures that
 * time moved.
 */
await describeWithInfra(['postgres'], 'the response-time sweep', () => {
  let stack: ApiStack;
  let figures: EventRecorder<EnvelopeOf<typeof EmployerResponsivenessChangedV1>>;
  let notifications: EventRecorder;

  beforeAll(async () => {
    stack = await startApiStack(['matching', 'identity'], {
      ARGON2_FAST: 'true',
      SIGNUPS_PER_IP_PER_HOUR: '10000',
      MATCHING_RESPONSIVENESS_SWEEP_MS: '200',
    });
    figures = await recordEvents(stack.bus, [EmployerResponsivenessChangedV1]);
    notifications = await recordEvents(stack.bus, [NotificationRequestedV1]);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function applications(employer: Person, count: number): Promise<Match[]> {
    const student = await signUp(stack, 'student');
    const matches: Match[] = [];
    for (let i = 0; i < count; i += 1) {
      matches.push(await apply(student, (await createProject(stack, employer.user.id)).projectId));
    }
    return matches;
  }

  const backdate = (matchId: string, createdAgoMs: number, answeredAfterMs: number | null) =>
    withDatabase(stack, (db) =>
      db.query(
        `UPDATE matching.matches SET created_at = $2, updated_at = $2,
           first_response_at = $2::timestamptz + $3 * interval '1 millisecond' WHERE id = $1`,
        [matchId, new Date(Date.now() - createdAgoMs), answeredAfterMs],
      ),
    );

  it('nudges the employer of an application left waiting 3 days, once, without its timer', async () => {
    const employer = await signUp(stack, 'employer');
    const [waiting, fresh] = await applications(employer, 2);
    await backdate(waiting!.id, 3 * DAY_MS + HOUR_MS, null);
    const about = (match: Match) => (event: EventEnvelope) => {
      const payload = event.payload as { userId: string; data: { kind?: string; link?: string } };
      return (
        payload.userId === employer.user.id &&
        payload.data.kind === 'application.waiting' &&
        payload.data.link === `/projects/${match.projectId}`
      );
    };
    await notifications.waitFor(about(waiting!));
    // Several sweeps later, still one nudge, and none about the fresh application.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(notifications.events.filter(about(waiting!))).toHaveLength(1);
    expect(notifications.events.filter(about(fresh!))).toEqual([]);
  });

  it('recomputes an employer’s figures when an application leaves the 90-day window, without its timer', async () => {
    const employer = await signUp(stack, 'employer');
    const matches = await applications(employer, 3);
    for (const [i, match] of matches.entries()) {
      await setStatus(employer, match.id, 'accepted');
      await backdate(match.id, (10 + 10 * i) * DAY_MS, (i + 1) * HOUR_MS);
    }
    const settle: ApplicationTimer = { matchId: matches[0]!.id, step: 'settle' };
    await stack.jobs.add(Queues.MatchingApplicationTimers, settle);
    await figures.waitFor((event) => event.key === employer.user.id && event.payload.medianResponseHours === 2);

    // Ten days pass without a check: meanwhile the oldest application left the window 5 days ago.
    await backdate(matches[2]!.id, 95 * DAY_MS, 3 * HOUR_MS);
    await withDatabase(stack, (db) =>
      db.query(
        "UPDATE matching.employer_responsiveness SET checked_at = now() - interval '10 days' WHERE employer_id = $1",
        [employer.user.id],
      ),
    );
    const cleared = await figures.waitFor(
      (event) => event.key === employer.user.id && event.payload.medianResponseHours === null,
    );
    expect(cleared.payload).toMatchObject({ responseRate: null });
  });
});
