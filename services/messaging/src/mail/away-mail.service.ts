import { Inject, Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { JOB_QUEUE, type JobQueue, LOGGER, MailerService, SERVICE_CONFIG } from '@projectory/platform';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { MessagingConfig } from '../messaging.config.js';
import { NotificationRepository } from '../notifications/repositories/notification.repository.js';
import { mailSetting, messageMail, notificationMail } from './domain/away-mail-texts.js';
import { AwayMailRepository } from './repositories/away-mail.repository.js';

export const awayMailJobSchema = z.discriminatedUnion('about', [
  z.object({ about: z.literal('conversation'), matchId: z.uuid(), recipientId: z.uuid() }),
  /** Queued per message by earlier versions; run as their conversation's job. */
  z.object({ about: z.literal('message'), messageId: z.uuid() }),
  z.object({ about: z.literal('notification'), notificationId: z.uuid() }),
]);
export type AwayMailJob = z.infer<typeof awayMailJobSchema>;

/**
 * E-mail for what happened while a user was away (API.md "Messaging and notifications"): every new
 * message and every mailable notification schedules a delayed job (MAIL_AWAY_DELAY_MS); when it runs and
 * the thing is still unread, the recipient's settings allow it and they were not mailed about the same
 * conversation (or notification topic) within MAIL_CONVERSATION_THROTTLE_MS, one mail goes out.
 */
@Injectable()
export class AwayMailService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mails: AwayMailRepository,
    private readonly notifications: NotificationRepository,
    private readonly mailer: MailerService,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Called inside the transaction that stores the message or notification, before it commits: a crash
   * after the commit cannot lose the job, and a rollback leaves a job that finds nothing and does nothing.
   * (The delay is far longer than any commit takes.) One job per conversation and recipient while one
   * waits (a busy chat schedules one, not one per message; it mails about whatever is unread when it
   * runs), and one per notification.
   */
  async schedule(job: Exclude<AwayMailJob, { about: 'message' }>): Promise<void> {
    const id =
      job.about === 'conversation'
        ? `conversation:${job.matchId}:${job.recipientId}`
        : `notification:${job.notificationId}`;
    await this.jobs.add(Queues.MessagingAwayMail, job, {
      jobId: id,
      delayMs: this.config.MAIL_AWAY_DELAY_MS,
      attempts: 5,
      backoffMs: 5000,
    });
  }

  async run(job: AwayMailJob): Promise<void> {
    if (job.about === 'notification') return this.mailNotification(job.notificationId);
    if (job.about === 'conversation') return this.mailConversation(job.matchId, job.recipientId);
    const sent = await this.mails.messageConversation(this.dataSource, job.messageId);
    if (sent) await this.mailConversation(sent.match_id, sent.recipient_id);
  }

  private async mailConversation(matchId: string, recipientId: string): Promise<void> {
    const row = await this.mails.conversation(this.dataSource, matchId, recipientId);
    if (!row?.unread) return;
    const settings = await this.notifications.settings(this.dataSource, row.recipient_id);
    if (!settings.email.messages) return;
    const email = row.email;
    if (!email) return this.noAddress(row.recipient_id);
    await this.sendOnce(row.recipient_id, `conversation:${row.match_id}`, () =>
      messageMail({ ...row, email }, this.config.PUBLIC_ORIGIN),
    );
  }

  private async mailNotification(notificationId: string): Promise<void> {
    const row = await this.mails.notification(this.dataSource, notificationId);
    const setting = row && mailSetting(row.type);
    if (!row?.unread || !setting) return;
    const settings = await this.notifications.settings(this.dataSource, row.user_id);
    if (!settings.email[setting]) return;
    const email = row.email;
    if (!email) return this.noAddress(row.user_id);
    await this.sendOnce(row.user_id, `${row.type}:${row.link ?? ''}`, () =>
      notificationMail({ ...row, email }, this.config.PUBLIC_ORIGIN),
    );
  }

  /** Claims the throttle and sends in one transaction: a failed send rolls the claim back and the job retries. */
  private async sendOnce(userId: string, topic: string, mail: () => Parameters<MailerService['send']>[0]) {
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.mails.claim(manager, userId, topic, this.config.MAIL_CONVERSATION_THROTTLE_MS))) return;
      await this.mailer.send(mail());
    });
  }

  private noAddress(userId: string): void {
    this.logger.warn({ userId }, 'away mail skipped: no e-mail address known for the user yet');
  }
}
