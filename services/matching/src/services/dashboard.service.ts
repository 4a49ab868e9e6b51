import { Injectable } from '@nestjs/common';
import type { DashboardContribution, RecentMatch } from '@projectory/contracts';
import { type AuthenticatedIdentity, NotFoundException, queryRows } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { displayName } from '../domain/notifications.js';
import { ReviewService } from './review.service.js';

const RECENT = 3;

/** Matching's part of `GET /api/dashboard`: figures from the caller's applications (indexed by user). */
@Injectable()
export class DashboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reviews: ReviewService,
  ) {}

  async contribution(caller: AuthenticatedIdentity): Promise<DashboardContribution> {
    switch (caller.role) {
      case 'student':
        return this.student(caller.userId);
      case 'employer':
        return this.employer(caller.userId);
      case 'admin':
        throw new NotFoundException('Nothing to add for admins');
    }
  }

  private async student(userId: string): Promise<DashboardContribution> {
    const [counts] = await queryRows<{ active: number; completed: number; used: number }>(
      this.dataSource,
      `SELECT count(*) FILTER (WHERE status IN ('pending', 'accepted'))::int AS active,
         count(*) FILTER (WHERE status = 'completed')::int AS completed,
         count(*) FILTER (WHERE created_at >= date_trunc('month', now(), 'UTC'))::int AS used
       FROM matches WHERE student_id = $1`,
      [userId],
    );
    return {
      figures: {
        activeMatches: counts!.active,
        completedProjects: counts!.completed,
        connectionsUsed: counts!.used,
      },
      recentMatches: await this.recent('m.student_id', 'm.employer_id', userId),
    };
  }

  private async employer(userId: string): Promise<DashboardContribution> {
    const [counts] = await queryRows<{
      pending: number;
      accepted: number;
      rejected: number;
      completed: number;
      total: number;
    }>(
      this.dataSource,
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
         count(*) FILTER (WHERE status = 'accepted')::int AS accepted,
         count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
         count(*) FILTER (WHERE status = 'completed')::int AS completed,
         count(*)::int AS total
       FROM matches WHERE employer_id = $1`,
      [userId],
    );
    const { pending, accepted, rejected, completed, total } = counts!;
    const decided = accepted + rejected + completed;
    return {
      figures: {
        pendingCandidates: pending,
        activeCollaborations: accepted,
        totalApplicants: total,
        completedProjects: completed,
      },
      successRate: decided === 0 ? null : Math.round((100 * (accepted + completed)) / decided),
      averageRating: await this.reviews.averageAbout(this.dataSource, userId),
      recentMatches: await this.recent('m.employer_id', 'm.student_id', userId),
    };
  }

  /** The newest applications, named by the other side. Column names are fixed by the callers. */
  private async recent(mine: string, counterpart: string, userId: string): Promise<RecentMatch[]> {
    const rows = await queryRows<{
      id: string;
      title: string;
      first_name: string;
      last_name: string;
      match_score: number;
      status: string;
      created_at: Date;
    }>(
      this.dataSource,
      `SELECT m.id, pr.title, c.first_name, c.last_name, m.match_score, m.status, m.created_at
       FROM matches m
       JOIN projects pr ON pr.id = m.project_id
       LEFT JOIN people c ON c.id = ${counterpart}
       WHERE ${mine} = $1
       ORDER BY m.created_at DESC, m.id DESC LIMIT ${RECENT}`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      projectTitle: row.title,
      counterpartName: displayName(row),
      matchScore: row.match_score,
      status: row.status,
      createdAt: row.created_at.toISOString(),
    }));
  }
}
