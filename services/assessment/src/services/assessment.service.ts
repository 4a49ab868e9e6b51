import { Injectable } from '@nestjs/common';
import {
  ASSESSMENT_VERSION,
  AssessmentCompletedV1,
  AssessmentErrorCode,
  type AssessmentResult,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, lockTransaction, OutboxService } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { AssessmentException } from '../exceptions/assessment.exception.js';
import { AssessmentResultRepository, toAssessmentResult } from '../repositories/assessment-result.repository.js';
import { type AssessmentResponses, scoreAssessment } from '../scoring/assessment-scorer.js';

@Injectable()
export class AssessmentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly results: AssessmentResultRepository,
  ) {}

  /**
   * Scores validated answers and makes them the caller's current result, superseding the previous
   * one; AssessmentCompleted goes out in the same transaction.
   */
  async submit(caller: AuthenticatedIdentity, responses: AssessmentResponses): Promise<AssessmentResult> {
    const profile = scoreAssessment(responses);
    return this.dataSource.transaction(async (manager) => {
      // One submission per user at a time: the partial unique index holds either way, but two
      // concurrent first submissions would otherwise collide on it instead of one superseding the
      // other, and completedAt (read after the lock) grows with each retake, which consumers rely on.
      await lockTransaction(manager, `assessment:${caller.userId}`);
      await this.results.supersedeCurrent(manager, caller.userId);
      const result = await this.results.insertCurrent(manager, {
        userId: caller.userId,
        role: caller.role,
        version: ASSESSMENT_VERSION,
        responses,
        vector: profile.vector,
        coreValues: profile.values,
      });
      await this.outbox.add(manager, AssessmentCompletedV1, caller.userId, {
        userId: caller.userId,
        role: caller.role,
        resultId: result.id,
        values: profile.values,
        vector: profile.vector,
        completedAt: result.completed_at.toISOString(),
      });
      return toAssessmentResult(result);
    });
  }

  async current(userId: string): Promise<AssessmentResult> {
    const result = await this.results.findCurrent(this.dataSource, userId);
    if (!result) throw new AssessmentException(AssessmentErrorCode.NotFound);
    return toAssessmentResult(result);
  }

  hasCompleted(userId: string): Promise<boolean> {
    return this.results.hasCurrent(this.dataSource, userId);
  }
}
