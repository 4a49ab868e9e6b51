import { expect, it } from '@jest/globals';
import { type Match, Queues } from '@projectory/contracts';
import { describeWithInfra } from '@projectory/testing';
import type { ApplicationTimer } from '../src/services/responsiveness.service.js';
import { setStatus, signUp, withDatabase } from './matching-fixtures.js';
import { DAY_MS, HOUR_MS, nudgeAbout, useResponsivenessStack } from './responsiveness-fixture.js';

/**
 * The safety net under the application timers: with no timer running (as after a restart of the
 * embedded mode, whose queue is in memory), a sweep sends the due nudges and moves the figures that
 * time moved.
 */
await describeWithInfra(['postgres'], 'the response-time sweep', () => {
  const { stack, figures, notifications, applications, backdate } = useResponsivenessStack(200);

  it('nudges the employer of an application left waiting 3 days, once, without its timer', async () => {
    const employer = await signUp(stack, 'employer');
    const [waiting, fresh] = await applications(employer, 2);
    await backdate(waiting!.id, 3 * DAY_MS + HOUR_MS, null);
    const about = (match: Match) => nudgeAbout(employer, match);
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
