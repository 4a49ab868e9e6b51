import { beforeAll } from '@jest/globals';
import {
  EmployerResponsivenessChangedV1,
  type EventEnvelope,
  type Match,
  NotificationRequestedV1,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { type EnvelopeOf, type EventRecorder, recordEvents } from '@projectory/testing';
import { apply, createProject, type Person, signUp, withDatabase } from './matching-fixtures.js';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The stack of the employers' response-time tests (responsiveness.int-spec.ts: the application timers;
 * responsiveness-sweep.int-spec.ts: the sweep under them), with the figures and notifications recorded.
 * `sweepMs` is MATCHING_RESPONSIVENESS_SWEEP_MS: 0 turns the sweep off. Use the result in hooks and tests.
 */
export function useResponsivenessStack(sweepMs: number) {
  const stack = useApiStack(['matching', 'identity'], { MATCHING_RESPONSIVENESS_SWEEP_MS: String(sweepMs) });
  const figures = {} as EventRecorder<EnvelopeOf<typeof EmployerResponsivenessChangedV1>>;
  const notifications = {} as EventRecorder;
  beforeAll(async () => {
    Object.assign(figures, await recordEvents(stack.bus, [EmployerResponsivenessChangedV1]));
    Object.assign(notifications, await recordEvents(stack.bus, [NotificationRequestedV1]));
  });

  /** `count` applications of fresh students to fresh projects of the employer. */
  async function applications(employer: Person, count: number): Promise<Match[]> {
    const matches: Match[] = [];
    for (let i = 0; i < count; i += 1) {
      const student = await signUp(stack, 'student');
      const project = await createProject(stack, employer.user.id);
      matches.push(await apply(student, project.projectId));
    }
    return matches;
  }

  /** Moves an application in time: made `createdAgoMs` ago, first answered `answeredAfterMs` later (null: never). */
  async function backdate(matchId: string, createdAgoMs: number, answeredAfterMs: number | null): Promise<void> {
    const created = new Date(Date.now() - createdAgoMs);
    const answered = answeredAfterMs === null ? null : new Date(created.getTime() + answeredAfterMs);
    await withDatabase(stack, (db) =>
      db.query('UPDATE matching.matches SET created_at = $2, updated_at = $2, first_response_at = $3 WHERE id = $1', [
        matchId,
        created,
        answered,
      ]),
    );
  }

  return { stack, figures, notifications, applications, backdate };
}

/** Whether a notification is the employer's nudge about an application to `match`'s project. */
export const nudgeAbout = (employer: Person, match: Match) => (event: EventEnvelope) => {
  const payload = event.payload as { userId: string; data: { kind?: string; link?: string } };
  return (
    payload.userId === employer.user.id &&
    payload.data.kind === 'application.waiting' &&
    payload.data.link === `/projects/${match.projectId}`
  );
};
