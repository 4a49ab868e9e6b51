import { Injectable } from '@nestjs/common';
import { NotFoundCode, type Pipeline, type PipelineQuery } from '@projectory/contracts';
import { type AuthenticatedIdentity, notFound } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { PipelineRepository } from '../repositories/pipeline.repository.js';

/** The employer's talent pipeline (API.md "Finding talent"), per project or overall, computed from real data. */
@Injectable()
export class PipelineService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pipeline: PipelineRepository,
  ) {}

  async figures(caller: AuthenticatedIdentity, query: PipelineQuery): Promise<Pipeline> {
    if (query.projectId && !(await this.pipeline.owns(this.dataSource, caller.userId, query.projectId))) {
      throw notFound(NotFoundCode.Project);
    }
    return this.pipeline.figures(this.dataSource, caller.userId, query.projectId ?? null, query.weeks);
  }
}
