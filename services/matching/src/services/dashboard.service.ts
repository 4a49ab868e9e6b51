import { NotFoundCode } from '@projectory/contracts';
import { Injectable } from '@nestjs/common';
import type { DashboardContribution } from '@projectory/contracts';
import { type AuthenticatedIdentity, notFound } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { MatchRepository } from '../repositories/match.repository.js';
import { ReviewRepository } from '../repositories/review.repository.js';
import { ResponsivenessService } from './responsiveness.service.js';

const RECENT = 3;

/** Matching's part of `GET /api/dashboard`: figures from the caller's applications (indexed by user). */
@Injectable()
export class DashboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly matches: MatchRepository,
    private readonly reviews: ReviewRepository,
    private readonly responsiveness: ResponsivenessService,
  ) {}

  async contribution(caller: AuthenticatedIdentity): Promise<DashboardContribution> {
    switch (caller.role) {
      case 'student':
        return this.student(caller.userId);
      case 'employer':
        return this.employer(caller.userId);
      case 'admin':
        throw notFound(NotFoundCode.DashboardPart, 'Nothing to add for admins');
    }
  }

  private async student(userId: string): Promise<DashboardContribution> {
    const counts = await this.matches.studentFigures(this.dataSource, userId);
    return {
      figures: {
        activeMatches: counts.active,
        completedProjects: counts.completed,
        connectionsUsed: counts.used,
      },
      recentMatches: await this.matches.recent(this.dataSource, 'student', userId, RECENT),
    };
  }

  private async employer(userId: string): Promise<DashboardContribution> {
    const { pending, accepted, rejected, completed, total } = await this.matches.employerFigures(
      this.dataSource,
      userId,
    );
    const decided = accepted + rejected + completed;
    return {
      figures: {
        pendingCandidates: pending,
        activeCollaborations: accepted,
        totalApplicants: total,
        completedProjects: completed,
      },
      successRate: decided === 0 ? null : Math.round((100 * (accepted + completed)) / decided),
      averageRating: await this.reviews.visibleAverage(this.dataSource, userId),
      medianResponseHours: (await this.responsiveness.figures(userId)).medianResponseHours,
      recentMatches: await this.matches.recent(this.dataSource, 'employer', userId, RECENT),
    };
  }
}
