import { Inject, Injectable } from '@nestjs/common';
import { EmployerResponsivenessChangedV1, Queues } from '@projectory/contracts';
import {
  afterCommit,
  JOB_QUEUE,
  type JobQueue,
  lockTransaction,
  OutboxService,
  SERVICE_CONFIG,
  UserNotifier,
} from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { displayName } from '../domain/notifications.js';
import { nudgeNotification } from '../domain/responsiveness.js';
import type { MatchingConfig } from '../matching.config.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import {
  ANSWER_DAYS,
  type ResponseFigures,
  ResponsivenessRepository,
} from '../repositories/responsiveness.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many nudges and employers one sweep handles at most. */
const SWEEP_BATCH = 200;
/** How far past the 90-day window a sweep looks for marks missed (a process down that long misses them). */
const SWEEP_LOOKBACK_DAYS = 30;
/** A timer runs a minute after its mark, so the application is past it whatever the clocks' drift. */
const MARGIN_MS = 60_000;

/**
 * What an application's timers do: `nudge` tells the employer of an application still waiting; `settle`
 * (ANSWER_DAYS on: unanswered, it now counts) recomputes the employer's figures. The WINDOW_DAYS mark is
 * the sweep's alone (a delay that long does not fit a timer of the in-memory queue).
 */
export const applicationTimerSchema = z.object({
  matchId: z.uuid(),
  step: z.enum(['nudge', 'settle']),
});
export type ApplicationTimer = z.infer<typeof applicationTimerSchema>;

/**
 * No ghosting (PRODUCT.md, API.md `Project.employer`): each application's first answer by its employer
 * (a decision here, or a first message, messaging's event), the employer's median response time and
 * response rate, announced to the projects service when they change, and a nudge to the employer when
 * an application waits unanswered.
 */
@Injectable()
export class ResponsivenessService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly responsiveness: ResponsivenessRepository,
    private readonly profiles: ProfileRepository,
    private readonly outbox: OutboxService,
    private readonly notifier: UserNotifier,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SERVICE_CONFIG) private readonly config: MatchingConfig,
  ) {}

  /** The employer's figures now, as the dashboard shows them. */
  figures(employerId: string, now = new Date()): Promise<ResponseFigures> {
    return this.responsiveness.figures(this.dataSource, employerId, now);
  }

  /**
   * The employer answered the application at `at` (a decision, or their first message): kept unless an
   * earlier answer is stored, and the employer's figures follow. Nothing when the match is unknown or
   * not the employer's.
   */
  async responded(manager: EntityManager, matchId: string, employerId: string, at: Date | string): Promise<void> {
    if ((await this.responsiveness.employerOf(manager, matchId)) !== employerId) return;
    await this.responsiveness.markResponded(manager, matchId, at);
    await this.refresh(manager, employerId);
  }

  /**
   * Recomputes the employer's figures in the caller's transaction and announces them when they changed.
   * Serialised per employer, so that the last to commit computed from everything committed before it.
   */
  async refresh(manager: EntityManager, employerId: string, now = new Date()): Promise<void> {
    await lockTransaction(manager, `matching.responsiveness:${employerId}`);
    const figures = await this.responsiveness.figures(manager, employerId, now);
    const before = await this.responsiveness.stored(manager, employerId);
    const changed = before
      ? before.medianResponseHours !== figures.medianResponseHours || before.responseRate !== figures.responseRate
      : figures.medianResponseHours !== null || figures.responseRate !== null;
    await this.responsiveness.store(manager, employerId, figures, now, changed);
    if (!changed) return;
    await this.outbox.add(manager, EmployerResponsivenessChangedV1, employerId, {
      employerId,
      ...figures,
      computedAt: now.toISOString(),
    });
  }

  /** A new application's timers, enqueued once it has committed (job ids per match and step). */
  scheduleTimers(manager: EntityManager, matchId: string): void {
    const timers: [ApplicationTimer['step'], number][] = [
      ['nudge', this.config.MATCHING_NUDGE_AFTER_MS],
      ['settle', ANSWER_DAYS * DAY_MS + MARGIN_MS],
    ];
    afterCommit(manager, async () => {
      for (const [step, delayMs] of timers) {
        const data: ApplicationTimer = { matchId, step };
        await this.jobs.add(Queues.MatchingApplicationTimers, data, {
          jobId: `${step}:${matchId}`,
          delayMs,
          attempts: 5,
          backoffMs: 5000,
        });
      }
    });
  }

  /** Runs one of an application's timers at `now`. */
  async runTimer(timer: ApplicationTimer, now = new Date()): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (timer.step === 'nudge') return this.nudge(manager, timer.matchId, now);
      const employerId = await this.responsiveness.employerOf(manager, timer.matchId);
      if (employerId) await this.refresh(manager, employerId, now);
    });
  }

  /**
   * The safety net under the timers (a timer lost with an in-memory queue, a process down, Redis away):
   * sends the nudges that are due and recomputes the figures of employers an application's 7- or
   * 90-day mark passed for since their last check, up to `limit` of each. Returns how many it handled.
   */
  async sweep(now = new Date(), limit = SWEEP_BATCH): Promise<number> {
    const due = await this.responsiveness.dueNudges(
      this.dataSource,
      new Date(now.getTime() - this.config.MATCHING_NUDGE_AFTER_MS),
      limit,
    );
    for (const matchId of due) await this.runTimer({ matchId, step: 'nudge' }, now);
    const employers = await this.responsiveness.employersToRecheck(this.dataSource, now, SWEEP_LOOKBACK_DAYS, limit);
    for (const employerId of employers) {
      await this.dataSource.transaction((manager) => this.refresh(manager, employerId, now));
    }
    return due.length + employers.length;
  }

  /**
   * Tells the employer of an application still pending and unanswered MATCHING_NUDGE_AFTER_MS after it
   * was made (once: a repeated job finds it nudged); anything else is left alone.
   */
  private async nudge(manager: EntityManager, matchId: string, now: Date): Promise<void> {
    const match = await this.responsiveness.lockWaiting(manager, matchId);
    if (!match || match.status !== 'pending' || match.first_response_at || match.nudged_at) return;
    if (now.getTime() - match.created_at.getTime() < this.config.MATCHING_NUDGE_AFTER_MS) return;
    await this.responsiveness.markNudged(manager, matchId, now);
    const student = (await this.profiles.people(manager, [match.student_id])).get(match.student_id);
    const project = await this.profiles.projectRef(manager, match.project_id);
    if (!project) return;
    await this.notifier.notify(manager, match.employer_id, nudgeNotification(displayName(student), project));
  }
}
