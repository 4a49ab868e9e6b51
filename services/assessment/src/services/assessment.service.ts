import { Injectable } from '@nestjs/common';
import {
  ASSESSMENT_VERSION,
  AssessmentCompletedV1,
  AssessmentErrorCode,
  type AssessmentResult,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, OutboxService } from '@projectory/platform';
import { DataSource, IsNull } from 'typeorm';
import { AssessmentResultEntity, toAssessmentResult } from '../entities/assessment-result.entity.js';
import { AssessmentException } from '../exceptions/assessment.exception.js';
import { type AssessmentResponses, scoreAssessment } from '../scoring/assessment-scorer.js';

@Injectable()
export class AssessmentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
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
      await manager.query("SELECT pg_advisory_xact_lock(hashtextextended('assessment:' || $1, 0))", [caller.userId]);
      await manager.query(
        'UPDATE assessment_results SET superseded_at = clock_timestamp() WHERE user_id = $1 AND superseded_at IS NULL',
        [caller.userId],
      );
      const repository = manager.getRepository(AssessmentResultEntity);
      const [{ now }] = (await manager.query('SELECT clock_timestamp() AS now')) as [{ now: Date }];
      const result = await repository.save(
        repository.create({
          userId: caller.userId,
          role: caller.role,
          version: ASSESSMENT_VERSION,
          responses,
          vector: profile.vector,
          coreValues: profile.values,
          completedAt: now,
          supersededAt: null,
        }),
      );
      await this.outbox.add(manager, AssessmentCompletedV1, caller.userId, {
        userId: caller.userId,
        role: caller.role,
        resultId: result.id,
        values: profile.values,
        vector: profile.vector,
        completedAt: result.completedAt.toISOString(),
      });
      return toAssessmentResult(result);
    });
  }

  async current(userId: string): Promise<AssessmentResult> {
    const result = await this.find(userId);
    if (!result) throw new AssessmentException(AssessmentErrorCode.NotFound);
    return toAssessmentResult(result);
  }

  async hasCompleted(userId: string): Promise<boolean> {
    return (await this.find(userId)) !== null;
  }

  private find(userId: string): Promise<AssessmentResultEntity | null> {
    return this.dataSource.getRepository(AssessmentResultEntity).findOneBy({ userId, supersededAt: IsNull() });
  }
}
