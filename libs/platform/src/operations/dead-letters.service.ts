import { Inject, Injectable } from '@nestjs/common';
import {
  type DeadLetter,
  DeadLetterErrorCode,
  type DeadLetterReplay,
  type EventEnvelope,
  type ServiceName,
  NotFoundCode,
} from '@projectory/contracts';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AppException, notFound } from '../errors/app.exception.js';
import { errorText } from '../events/inbox.service.js';
import { JOB_QUEUE, type FailedJob, type JobQueue } from '../jobs/job-queue.js';
import { queryRows } from '../database/query-rows.js';
import { LOGGER, SERVICE_CONTEXT, type ServiceContext } from '../service/service-definition.js';
import { ServiceWorkers } from '../service/service-workers.js';

/** Dead-lettered events listed at most (newest first); a backlog larger than this is an incident. */
const EVENTS_LISTED = 500;
/** Failed jobs listed per queue (newest first). */
const JOBS_LISTED = 200;
/** The error shown: its message on one line, without the stack frames the table keeps. */
const ERROR_SHOWN = 1000;

interface DeadLetterRow {
  id: string;
  type: string;
  error: string;
  attempts: number;
  failed_at: Date;
  replayed_at: Date | null;
  envelope: EventEnvelope;
}

type ParsedId = { kind: 'event'; row: string } | { kind: 'job'; queue: string; jobId: string };

const shownError = (text: string): string =>
  text
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, ERROR_SHOWN);

const deadLetterNotFound = () => notFound(NotFoundCode.DeadLetter);
const alreadyReplayed = () =>
  new AppException(409, DeadLetterErrorCode.AlreadyReplayed, 'This dead letter was replayed already');

/**
 * A service's dead letters (API.md "Dashboards, plans and admin", operations): the events its consumer
 * group gave up on (`dead_letter`) and the failed jobs of the queues it owns, and an admin's replay into
 * the one that failed. An event goes through the inbox again, so it is applied once however often it is
 * replayed; a job goes back to its queue with a fresh set of attempts.
 */
@Injectable()
export class DeadLettersService {
  private readonly service: ServiceName;

  constructor(
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
    private readonly workers: ServiceWorkers,
  ) {
    this.service = context.definition.name;
  }

  async list(): Promise<DeadLetter[]> {
    const rows = await queryRows<DeadLetterRow>(
      this.dataSource,
      `SELECT id, type, error, attempts, failed_at FROM dead_letter
        WHERE replayed_at IS NULL ORDER BY failed_at DESC, id DESC LIMIT $1`,
      [EVENTS_LISTED],
    );
    const events = rows.map((row): DeadLetter => ({
      id: `${this.service}:event:${row.id}`,
      service: this.service,
      kind: 'event',
      type: row.type,
      error: shownError(row.error),
      attempts: row.attempts,
      failedAt: row.failed_at.toISOString(),
    }));
    const failed = await Promise.all(this.queues().map((queue) => this.jobs.listFailed(queue, JOBS_LISTED)));
    const jobs = failed.flat().map((job) => this.jobDeadLetter(job));
    return [...events, ...jobs].sort((a, b) => b.failedAt.localeCompare(a.failedAt));
  }

  /** 404 for an id this service does not have, 409 once replayed, 422 when the consumer fails again. */
  async replay(id: string, actorId: string): Promise<DeadLetterReplay> {
    const parsed = this.parse(id);
    return parsed.kind === 'event' ? this.replayEvent(id, parsed.row, actorId) : this.replayJob(id, parsed);
  }

  private async replayEvent(id: string, rowId: string, actorId: string): Promise<DeadLetterReplay> {
    const [row] = await queryRows<DeadLetterRow>(
      this.dataSource,
      'SELECT id, type, error, attempts, failed_at, replayed_at, envelope FROM dead_letter WHERE id = $1',
      [rowId],
    );
    if (!row) throw deadLetterNotFound();
    if (row.replayed_at) throw alreadyReplayed();
    let applied: boolean;
    try {
      // The inbox records the event with its effect: a second delivery (a concurrent replay, or the
      // bus redelivering it) is skipped, so the effect exists once.
      applied = await this.workers.eventDispatcher().replay(row.envelope);
    } catch (error) {
      this.logger.warn({ err: error, deadLetter: id, type: row.type }, 'dead letter replay failed');
      await this.dataSource.query(
        `UPDATE dead_letter SET error = $2, attempts = attempts + 1, failed_at = now()
          WHERE id = $1 AND replayed_at IS NULL`,
        [rowId, errorText(error)],
      );
      throw new AppException(
        422,
        DeadLetterErrorCode.ReplayFailed,
        `The ${this.service} consumer failed again: ${shownError(errorText(error))}`,
      );
    }
    const [marked] = await queryRows<{ replayed_at: Date }>(
      this.dataSource,
      `UPDATE dead_letter SET replayed_at = now(), replayed_by = $2
        WHERE id = $1 AND replayed_at IS NULL RETURNING replayed_at`,
      [rowId, actorId],
    );
    if (!marked) throw alreadyReplayed();
    return {
      id,
      service: this.service,
      kind: 'event',
      type: row.type,
      before: { error: shownError(row.error), attempts: row.attempts },
      replayedAt: marked.replayed_at.toISOString(),
      applied,
    };
  }

  private async replayJob(id: string, { queue, jobId }: { queue: string; jobId: string }): Promise<DeadLetterReplay> {
    let outcome: Awaited<ReturnType<JobQueue['retryFailed']>>;
    try {
      outcome = await this.jobs.retryFailed(queue, jobId);
    } catch (error) {
      // BullMQ refuses a job another replay moved out of the failed list a moment ago.
      this.logger.warn({ err: error, deadLetter: id }, 'failed job retry refused');
      throw alreadyReplayed();
    }
    if (outcome === 'unknown') throw deadLetterNotFound();
    if (outcome === 'not-failed') throw alreadyReplayed();
    return {
      id,
      service: this.service,
      kind: 'job',
      type: queue,
      before: { error: shownError(outcome.failedReason), attempts: outcome.attemptsMade },
      replayedAt: new Date().toISOString(),
      applied: true,
    };
  }

  private jobDeadLetter(job: FailedJob): DeadLetter {
    return {
      id: `${this.service}:job:${job.queue}:${job.id}`,
      service: this.service,
      kind: 'job',
      type: job.queue,
      error: shownError(job.failedReason),
      attempts: job.attemptsMade,
      failedAt: job.failedAt,
    };
  }

  private queues(): string[] {
    return [...(this.context.definition.queues ?? [])];
  }

  /** `<service>:event:<n>` or `<service>:job:<queue>:<job id>` (job ids may hold colons). */
  private parse(id: string): ParsedId {
    const prefix = `${this.service}:`;
    if (!id.startsWith(prefix)) throw deadLetterNotFound();
    const rest = id.slice(prefix.length);
    const event = /^event:([1-9]\d{0,17})$/.exec(rest);
    if (event) return { kind: 'event', row: event[1]! };
    const job = /^job:([^:]+):(.+)$/.exec(rest);
    if (job && this.queues().includes(job[1]!)) return { kind: 'job', queue: job[1]!, jobId: job[2]! };
    throw deadLetterNotFound();
  }
}
