import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { EmployerResponsivenessChangedV1, type Match, MessagingFirstReplyV1, Queues } from '@projectory/contracts';
import { describeWithInfra, type EnvelopeOf } from '@projectory/testing';
import type { ApplicationTimer } from '../src/services/responsiveness.service.js';
import { type Person, publish, setStatus, signUp, withDatabase } from './matching-fixtures.js';
import { DAY_MS, HOUR_MS, nudgeAbout, useResponsivenessStack } from './responsiveness-fixture.js';

await describeWithInfra(['postgres'], 'no ghosting: employers’ response times and nudges', () => {
  // The timers alone here (responsiveness-sweep.int-spec.ts tests the sweep).
  const { stack, figures, notifications, applications, backdate } = useResponsivenessStack(0);

  /** Runs one of an application's timers now, as its delayed job would when due (a job id of its own). */
  async function runTimer(matchId: string, step: ApplicationTimer['step']): Promise<void> {
    const data: ApplicationTimer = { matchId, step };
    await stack.jobs.add(Queues.MatchingApplicationTimers, data, { jobId: `test:${randomUUID()}` });
  }

  const medianOnDashboard = async (employer: Person) =>
    (await employer.client.get('/api/dashboard')).json<{ medianResponseHours: number | null }>().medianResponseHours;

  type Figures = EnvelopeOf<typeof EmployerResponsivenessChangedV1>['payload'];
  const announced = (employerId: string, check: (payload: Figures) => boolean) =>
    figures.waitFor((event) => event.key === employerId && check(event.payload));

  describe('median response time and response rate', () => {
    it('count the answered and long-waiting applications of the last 90 days; none below 3 of them', async () => {
      const employer = await signUp(stack, 'employer');
      const [decided, replied, waiting, old, fresh] = await applications(employer, 5);
      // A decision and a first message (messaging's event) both answer; a late, earlier one counts.
      await setStatus(employer, decided!.id, 'accepted');
      await setStatus(employer, old!.id, 'rejected');
      await backdate(decided!.id, 100 * HOUR_MS, 10 * HOUR_MS);
      await backdate(replied!.id, 50 * HOUR_MS, null);
      await backdate(old!.id, 200 * DAY_MS, HOUR_MS);
      const repliedAt = new Date(Date.now() - 48 * HOUR_MS).toISOString();
      await publish(stack, MessagingFirstReplyV1, replied!.id, {
        matchId: replied!.id,
        employerId: employer.user.id,
        messageId: randomUUID(),
        repliedAt,
      });
      // Two answered applications in the window (the 200-day-old one is outside, the fresh one not settled): no figures.
      expect(await medianOnDashboard(employer)).toBeNull();

      // Waiting unanswered 20 days, the third counts with the time it waited: median 10 h, 2 of 3 answered in 7 days.
      await backdate(waiting!.id, 20 * DAY_MS, null);
      await runTimer(waiting!.id, 'settle');
      const first = await announced(employer.user.id, (payload) => payload.medianResponseHours !== null);
      expect(first.payload).toMatchObject({ employerId: employer.user.id, medianResponseHours: 10, responseRate: 67 });
      // The fresh pending application does not count (it would make the median (2 + 10) / 2).
      expect(await medianOnDashboard(employer)).toBe(10);
      expect(fresh!.status).toBe('pending');

      // Back inside the window (80 days old, answered in 1 h), the old application counts: median (2 + 10) / 2 = 6 h, 3 of 4.
      await backdate(old!.id, 80 * DAY_MS, HOUR_MS);
      await runTimer(old!.id, 'settle');
      const second = await announced(employer.user.id, (payload) => payload.medianResponseHours === 6);
      expect(second.payload).toMatchObject({ responseRate: 75 });
      expect(await medianOnDashboard(employer)).toBe(6);
    });

    it('takes the earlier of a decision and a first message, and ignores a reply about another employer’s match', async () => {
      const employer = await signUp(stack, 'employer');
      const stranger = await signUp(stack, 'employer');
      const [match] = await applications(employer, 1);
      await publish(stack, MessagingFirstReplyV1, match!.id, {
        matchId: match!.id,
        employerId: stranger.user.id,
        messageId: randomUUID(),
        repliedAt: new Date().toISOString(),
      });
      const firstResponse = () =>
        withDatabase(stack, async (db) => {
          const { rows } = await db.query<{ first_response_at: Date | null }>(
            'SELECT first_response_at FROM matching.matches WHERE id = $1',
            [match!.id],
          );
          return rows[0]!.first_response_at;
        });
      expect(await firstResponse()).toBeNull();
      const repliedAt = new Date(Date.now() - 5 * 60_000);
      await publish(stack, MessagingFirstReplyV1, match!.id, {
        matchId: match!.id,
        employerId: employer.user.id,
        messageId: randomUUID(),
        repliedAt: repliedAt.toISOString(),
      });
      await setStatus(employer, match!.id, 'accepted');
      expect((await firstResponse())?.toISOString()).toBe(repliedAt.toISOString());
    });
  });

  describe('the nudge after 3 days', () => {
    it('tells the employer once of an application still pending and unanswered, linking to its project', async () => {
      const employer = await signUp(stack, 'employer');
      const [waiting, fresh, answered, withdrawn, last] = await applications(employer, 5);
      await backdate(waiting!.id, 3 * DAY_MS + HOUR_MS, null);
      await backdate(last!.id, 5 * DAY_MS, null);
      await setStatus(employer, answered!.id, 'rejected');
      await backdate(answered!.id, 4 * DAY_MS, 2 * DAY_MS);
      await backdate(withdrawn!.id, 4 * DAY_MS, null);
      await withDatabase(stack, (db) =>
        db.query("UPDATE matching.matches SET status = 'withdrawn' WHERE id = $1", [withdrawn!.id]),
      );

      // Jobs run one at a time in order: once the last one's nudge is out, the ones before it have run.
      for (const match of [fresh, answered, withdrawn, waiting, waiting, last]) await runTimer(match!.id, 'nudge');
      const nudge = (match: Match) => nudgeAbout(employer, match);
      await notifications.waitFor(nudge(last!));
      const nudges = notifications.events.filter(nudge(waiting!));
      expect(nudges).toHaveLength(1);
      expect(nudges[0]!.payload).toMatchObject({
        event: 'notification',
        data: { title: 'An applicant is waiting for your answer' },
      });
      for (const quiet of [fresh, answered, withdrawn]) {
        expect(notifications.events.filter(nudge(quiet!))).toEqual([]);
      }
      await withDatabase(stack, async (db) => {
        const { rows } = await db.query<{ id: string }>(
          'SELECT id FROM matching.matches WHERE employer_id = $1 AND nudged_at IS NOT NULL ORDER BY created_at',
          [employer.user.id],
        );
        expect(rows.map((row) => row.id)).toEqual([last!.id, waiting!.id]);
      });
      expect(await stack.jobs.listFailed(Queues.MatchingApplicationTimers)).toEqual([]);
    });

    it('is scheduled when a student applies, 3 days on, with the figures’ timers', async () => {
      const employer = await signUp(stack, 'employer');
      const [match] = await applications(employer, 1);
      // The job ids are per application and step: adding one again is refused while it waits.
      for (const step of ['nudge', 'settle'] as const) {
        const again = await stack.jobs.add(
          Queues.MatchingApplicationTimers,
          { matchId: match!.id, step },
          { jobId: `${step}:${match!.id}` },
        );
        expect(again.added).toBe(false);
      }
    });
  });
});
