import { z } from 'zod';
import type { ServiceName } from '../services.js';

/**
 * API.md "Dashboards, plans and admin", operations: the events a consumer gave up on (each service's
 * `dead_letter` table) and the jobs that used up their attempts (BullMQ's failed lists), across services.
 */

export type DeadLetterKind = 'event' | 'job';

/** One row of `GET /api/admin/dead-letters` (and of a service's `GET /internal/dead-letters`). */
export interface DeadLetter {
  /**
   * `<service>:event:<n>` or `<service>:job:<queue>:<job id>`: names the service, and in it the one
   * consumer or queue that failed. Encode it (encodeURIComponent) when it goes into a path.
   */
  id: string;
  service: ServiceName;
  kind: DeadLetterKind;
  /** The event (`UserRegistered.v1`) or the queue (`matching.rematch-student`). */
  type: string;
  error: string;
  attempts: number;
  failedAt: string;
}

/** `GET /api/admin/dead-letters`: newest first; the services that did not answer are named. */
export interface DeadLetters {
  items: DeadLetter[];
  nextCursor: null;
  unavailable: ServiceName[];
}

/** A service's answer to `POST /internal/dead-letters/:id/replay`, and the gateway's 202 body. */
export interface DeadLetterReplay {
  id: string;
  service: ServiceName;
  kind: DeadLetterKind;
  type: string;
  /** What the row said before the replay. */
  before: { error: string; attempts: number };
  replayedAt: string;
  /**
   * For an event: whether the consumer applied it now (false when its inbox had already recorded it,
   * so the effect exists once). For a job: true (it went back to its queue).
   */
  applied: boolean;
}

export const deadLetterReplaySchema = z.object({
  id: z.string().min(1).max(500),
  service: z.string().min(1).max(50),
  kind: z.enum(['event', 'job']),
  type: z.string().min(1).max(200),
  before: z.object({ error: z.string(), attempts: z.number().int().nonnegative() }),
  replayedAt: z.iso.datetime(),
  applied: z.boolean(),
});

/**
 * The gateway's report of a replay its service refused with 422 DEAD_LETTER_REPLAY_FAILED (the consumer
 * failed again; the dead letter stays): the admin service audits the attempt with the error.
 */
export interface DeadLetterReplayFailure {
  id: string;
  service: ServiceName;
  /** The service's answer, e.g. "The messaging consumer failed again: …". */
  error: string;
  failedAt: string;
}

export const deadLetterReplayFailureSchema = z.object({
  id: z.string().min(1).max(500),
  service: z.string().min(1).max(50),
  error: z.string().max(2000),
  failedAt: z.iso.datetime(),
});

export const DeadLetterPaths = {
  /** every service: GET → DeadLetter[] (its own) */
  list: '/internal/dead-letters',
  /** every service: POST → DeadLetterReplay; 404 unknown, 409 DEAD_LETTER_REPLAYED */
  replay: (id: string) => `/internal/dead-letters/${encodeURIComponent(id)}/replay`,
  /** admin: POST DeadLetterReplay → 201, the audit row */
  audit: '/internal/dead-letter-replays',
  /** admin: POST DeadLetterReplayFailure → 201, the audit row */
  auditFailure: '/internal/dead-letter-replay-failures',
} as const;
