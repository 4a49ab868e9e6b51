import { Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { type Job, JobHandler } from '@projectory/platform';
import { AwayMailService, awayMailJobSchema } from './away-mail.service.js';

/** A message or notification that may still be unread after MAIL_AWAY_DELAY_MS → maybe a mail (retried when SMTP fails). */
@Injectable()
export class AwayMailJobHandler {
  constructor(private readonly awayMail: AwayMailService) {}

  @JobHandler(Queues.MessagingAwayMail)
  async run(job: Job): Promise<void> {
    await this.awayMail.run(awayMailJobSchema.parse(job.data));
  }
}
