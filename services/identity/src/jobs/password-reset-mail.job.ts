import { Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { type Job, JobHandler } from '@projectory/platform';
import { z } from 'zod';
import { PasswordResetService } from '../services/password-reset.service.js';

const dataSchema = z.object({ email: z.string().min(1) });

/** A forgot-password request → a reset link by mail, if the address has an account (retried when SMTP fails). */
@Injectable()
export class PasswordResetMailJob {
  constructor(private readonly resets: PasswordResetService) {}

  @JobHandler(Queues.IdentityPasswordResetMail)
  async run(job: Job): Promise<void> {
    await this.resets.sendLink(dataSchema.parse(job.data).email);
  }
}
