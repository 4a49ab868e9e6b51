import { Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { type Job, JobHandler } from '@projectory/platform';
import { reminderJobSchema } from '../domain/reminders.js';
import { WorkspaceReminders } from '../services/workspace-reminders.service.js';

/** The workspace's reminders: a milestone due soon or overdue, a session starting (WorkspaceReminders). */
@Injectable()
export class WorkspaceRemindersJob {
  constructor(private readonly reminders: WorkspaceReminders) {}

  @JobHandler(Queues.MatchingWorkspaceReminders)
  async run(job: Job): Promise<void> {
    await this.reminders.run(reminderJobSchema.parse(job.data));
  }
}
