import { Injectable } from '@nestjs/common';
import type { CandidateRelation } from '@projectory/contracts';
import { DataSource } from 'typeorm';
import { CandidateRelationRepository } from '../repositories/candidate-relation.repository.js';
import { ReviewRepository } from '../repositories/review.repository.js';

/** matching's part of a candidate profile: whether the viewer may see it, and the reviews summary. */
@Injectable()
export class CandidateRelationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relations: CandidateRelationRepository,
    private readonly reviews: ReviewRepository,
  ) {}

  async relation(candidateId: string, viewerId: string): Promise<CandidateRelation> {
    const [relation, summary] = await Promise.all([
      this.relations.relation(this.dataSource, candidateId, viewerId),
      this.reviews.visibleSummary(this.dataSource, candidateId),
    ]);
    return { ...relation, reviews: { averageRating: summary.average, count: summary.count } };
  }
}
