import { Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { type Job, JobHandler } from '@projectory/platform';
import { applicationTimerSchema, ResponsivenessService } from '../services/responsiveness.service.js';

/** An application's timers: the employer's nudge, and its employer's figures when it settles or leaves the window. */
@Injectable()
export class ApplicationTimersJob {
  constructor(private readonly responsiveness: ResponsivenessService) {}

  @JobHandler(Queues.MatchingApplicationTimers)
  async run(job: Job): Promise<void> {
    await this.responsiveness.runTimer(applicationTimerSchema.parse(job.data));
  }
}
