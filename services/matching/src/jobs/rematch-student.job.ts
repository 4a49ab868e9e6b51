import { Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { type Job, JobHandler } from '@projectory/platform';
import { z } from 'zod';
import { RematchService } from '../services/rematch.service.js';

const dataSchema = z.object({ studentId: z.uuid() });

/** AssessmentCompleted / UserSkillsUpdated / a role change → the student's top K and their place in projects' lists. */
@Injectable()
export class RematchStudentJob {
  constructor(private readonly rematch: RematchService) {}

  @JobHandler(Queues.MatchingRematchStudent)
  async run(job: Job): Promise<void> {
    await this.rematch.rematchStudent(dataSchema.parse(job.data).studentId);
  }
}
