import { fileStoreConfigSchema } from '@projectory/platform';
import { z } from 'zod';

/** Matching's own configuration keys (validated with the common ones at start). */
export const matchingConfig = {
  // Workspace submissions' files are read from the FileStore the portfolio service stored them in (ADR 0010).
  ...fileStoreConfigSchema.shape,
  /** Where the web is served: the workspace calendar feed links each event to the workspace's page. */
  PUBLIC_ORIGIN: z.url().default('http://localhost:3000'),
  /**
   * How often a process running jobs looks for rankings left behind (a rematch lost to a crash, or
   * deduplicated against a run that had already read older data) and enqueues them again; 0 turns it off.
   */
  MATCHING_RECONCILE_MS: z.coerce.number().int().min(0).default(2000),
  /**
   * How often a process running jobs sends the nudges that are due and recomputes employers' response
   * figures that an application's 7- or 90-day mark moved (the timers' safety net); 0 turns it off.
   */
  MATCHING_RESPONSIVENESS_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60 * 1000),
  /** How long an application waits unanswered before its employer is nudged (default 3 days). */
  MATCHING_NUDGE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(3 * 24 * 60 * 60 * 1000),
};

export type MatchingConfig = {
  [K in keyof typeof matchingConfig]: z.infer<(typeof matchingConfig)[K]>;
};
