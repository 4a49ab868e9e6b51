import { Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { type Job, JobHandler } from '@projectory/platform';
import { z } from 'zod';
import { RematchService } from '../services/rematch.service.js';

const dataSchema = z.object({ projectId: z.uuid() });

/** ProjectCreated / Updated / Archived, or its employer's new assessment → the project's candidates and students' lists. */
@Injectable()
export class RematchProjectJob {
  constructor(private readonly rematch: RematchService) {}

  @JobHandler(Queues.MatchingRematchProject)
  async run(job: Job): Promise<void> {
    await this.rematch.rematchProject(dataSchema.parse(job.data).projectId);
  }
}
