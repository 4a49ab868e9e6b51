import { Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { type Job, JobHandler } from '@projectory/platform';
import { z } from 'zod';
import { VerificationService } from '../services/verification.service.js';

const dataSchema = z.object({ requestId: z.uuid() });

/** A domain verification request → its link by mail, while it waits (retried when SMTP fails). */
@Injectable()
export class VerificationMailJob {
  constructor(private readonly verification: VerificationService) {}

  @JobHandler(Queues.IdentityVerificationMail)
  async run(job: Job): Promise<void> {
    await this.verification.sendLink(dataSchema.parse(job.data).requestId);
  }
}
