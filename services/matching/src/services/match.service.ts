import { Injectable } from '@nestjs/common';
import {
  FREE_PLAN_MONTHLY_APPLICATIONS,
  type Match,
  MatchCreatedV1,
  type Collection,
  MatchingErrorCode,
  type MatchStatus,
  type MatchStudentSkill,
  MatchStatusChangedV1,
  matchTransitions,
} from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  decodeCursor,
  isUniqueViolation,
  microsSql,
  newestFirstPosition,
  type NotificationData,
  NotFoundException,
  olderThanSql,
  OutboxService,
  type PushedData,
  queryRows,
  toPage,
  UserNotifier,
} from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { displayName, matchNotification } from '../domain/notifications.js';
import type { ListMatchesQuery } from '../dtos/matching.dto.js';
import { MatchingException } from '../exceptions/matching.exception.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { ReadModelRepository } from '../repositories/read-model.repository.js';
import { explainPair } from './scorer.js';

interface MatchRow {
  id: string;
  project_id: string;
  student_id: string;
  employer_id: string;
  status: MatchStatus;
  match_score: number;
  skills_match: number;
  culture_match: number;
  reasons: string[];
  created_at: Date;
  updated_at: Date;
  cursor_micros: string;
  title: string;
  description: string;
  exchange_type: Match['project']['exchangeType'];
  duration: string | null;
  cultural_values: string[];
  employer_first_name: string | null;
  employer_last_name: string | null;
  student_first_name: string | null;
  student_last_name: string | null;
  student_skills: MatchStudentSkill[] | null;
}

const MATCH_SELECT = `
  SELECT m.id, m.project_id, m.student_id, m.employer_id, m.status, m.match_score, m.skills_match,
    m.culture_match, m.reasons, m.created_at, m.updated_at, ${microsSql('m.created_at')} AS cursor_micros,
    pr.title, pr.description, pr.exchange_type, pr.duration, pr.cultural_values,
    e.first_name AS employer_first_name, e.last_name AS employer_last_name,
    s.first_name AS student_first_name, s.last_name AS student_last_name, ss.skills AS student_skills
  FROM matches m
  JOIN projects pr ON pr.id = m.project_id
  LEFT JOIN people e ON e.id = m.employer_id
  LEFT JOIN people s ON s.id = m.student_id
  LEFT JOIN student_skills ss ON ss.user_id = m.student_id`;

function toMatch(row: MatchRow): Match {
  return {
    id: row.id,
    projectId: row.project_id,
    studentId: row.student_id,
    status: row.status,
    matchScore: row.match_score,
    skillsMatch: row.skills_match,
    cultureMatch: row.culture_match,
    reasons: row.reasons,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    project: {
      id: row.project_id,
      title: row.title,
      description: row.description,
      exchangeType: row.exchange_type,
      duration: row.duration,
      culturalValues: row.cultural_values,
      employer: {
        id: row.employer_id,
        firstName: row.employer_first_name ?? '',
        lastName: row.employer_last_name ?? '',
      },
    },
    student: {
      id: row.student_id,
      firstName: row.student_first_name ?? '',
      lastName: row.student_last_name ?? '',
      skills: row.student_skills ?? [],
    },
  };
}

/** Applications and their lifecycle (API.md "Matching", PRODUCT.md). */
@Injectable()
export class MatchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly readModel: ReadModelRepository,
    private readonly profiles: ProfileRepository,
    private readonly notifier: UserNotifier,
  ) {}

  /** A student applies: scores come from the scorer, never from the client. */
  async apply(caller: AuthenticatedIdentity, projectId: string): Promise<Match> {
    try {
      const matchId = await this.dataSource.transaction(async (manager) => {
        // The student's row lock makes one application at a time per student: the monthly count holds.
        const student = await this.readModel.lockPerson(manager, caller.userId, 'student');
        const project = (await this.profiles.projects(manager, [projectId])).get(projectId);
        if (!project) throw new NotFoundException('Project not found');
        if (!project.active) throw new MatchingException(MatchingErrorCode.ProjectInactive);
        const [existing] = await queryRows(manager, 'SELECT 1 FROM matches WHERE project_id = $1 AND student_id = $2', [
          projectId,
          caller.userId,
        ]);
        if (existing) throw new MatchingException(MatchingErrorCode.AlreadyApplied);
        if (
          student.plan === 'free' &&
          (await this.applicationsThisMonth(manager, caller.userId)) >= FREE_PLAN_MONTHLY_APPLICATIONS
        ) {
          throw new MatchingException(MatchingErrorCode.PlanLimitReached);
        }
        const score = explainPair(await this.profiles.studentProfile(manager, caller.userId), project.profile);
        const [created] = await queryRows<{ id: string; created_at: Date }>(
          manager,
          `INSERT INTO matches (project_id, student_id, employer_id, status, match_score, skills_match, culture_match, reasons)
           VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7)
           RETURNING id, created_at`,
          [
            projectId,
            caller.userId,
            project.employerId,
            score.overall,
            score.skills,
            score.culture,
            JSON.stringify(score.reasons),
          ],
        );
        const { id } = created!;
        await this.outbox.add(manager, MatchCreatedV1, id, {
          matchId: id,
          projectId,
          studentId: caller.userId,
          employerId: project.employerId,
          status: 'pending',
          matchScore: score.overall,
          createdAt: created!.created_at.toISOString(),
        });
        await this.announce(
          manager,
          project.employerId,
          { matchId: id, status: 'pending', projectId },
          matchNotification('pending', displayName(student), project),
        );
        return id;
      });
      return await this.get(caller.userId, matchId);
    } catch (error) {
      if (isUniqueViolation(error)) throw new MatchingException(MatchingErrorCode.AlreadyApplied);
      throw error;
    }
  }

  /** Applications created this calendar month (UTC), whatever became of them. */
  async applicationsThisMonth(runner: DataSource | EntityManager, studentId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      runner,
      `SELECT count(*)::int AS count FROM matches
       WHERE student_id = $1 AND created_at >= date_trunc('month', now(), 'UTC')`,
      [studentId],
    );
    return row!.count;
  }

  /** One match, to its participants only; anyone else gets the same 404 as for a match that does not exist. */
  async get(viewerId: string, matchId: string): Promise<Match> {
    const [row] = await queryRows<MatchRow>(
      this.dataSource,
      `${MATCH_SELECT} WHERE m.id = $1 AND (m.student_id = $2 OR m.employer_id = $2)`,
      [matchId, viewerId],
    );
    if (!row) throw new MatchingException(MatchingErrorCode.MatchNotFound);
    return toMatch(row);
  }

  /** Students: their applications; employers: applications to their projects. Newest first. */
  async list(caller: AuthenticatedIdentity, query: ListMatchesQuery): Promise<Collection<Match>> {
    const params: unknown[] = [caller.userId];
    const where = [caller.role === 'student' ? 'm.student_id = $1' : 'm.employer_id = $1'];
    if (query.status) where.push(`m.status = $${params.push(query.status)}`);
    if (query.projectId) where.push(`m.project_id = $${params.push(query.projectId)}`);
    const after = decodeCursor(query.cursor, newestFirstPosition);
    if (after) where.push(olderThanSql('m.created_at', 'm.id', after, params));
    const rows = await queryRows<MatchRow>(
      this.dataSource,
      `${MATCH_SELECT} WHERE ${where.join(' AND ')} ORDER BY m.created_at DESC, m.id DESC LIMIT $${params.push(query.limit + 1)}`,
      params,
    );
    return toPage(rows, query.limit, toMatch, (row) => [row.cursor_micros, row.id]);
  }

  /** Moves an application along its lifecycle; the other side hears of it at once. */
  async changeStatus(caller: AuthenticatedIdentity, matchId: string, to: MatchStatus): Promise<Match> {
    await this.dataSource.transaction(async (manager) => {
      const [row] = await queryRows<MatchRow>(manager, 'SELECT * FROM matches WHERE id = $1 FOR NO KEY UPDATE', [
        matchId,
      ]);
      const me = caller.userId;
      if (!row || (row.student_id !== me && row.employer_id !== me)) {
        throw new MatchingException(MatchingErrorCode.MatchNotFound);
      }
      const side = row.employer_id === me ? 'employer' : 'student';
      if (!matchTransitions[side][row.status]?.includes(to)) {
        throw new MatchingException(
          MatchingErrorCode.InvalidTransition,
          `An application cannot go from ${row.status} to ${to} by the ${side}`,
        );
      }
      const [changed] = await queryRows<{ updated_at: Date }>(
        manager,
        `UPDATE matches SET status = $2, updated_at = now(),
           completed_at = CASE WHEN $2 = 'completed' THEN now() ELSE completed_at END
         WHERE id = $1 RETURNING updated_at`,
        [matchId, to],
      );
      await this.outbox.add(manager, MatchStatusChangedV1, matchId, {
        matchId,
        projectId: row.project_id,
        studentId: row.student_id,
        employerId: row.employer_id,
        from: row.status,
        to,
        changedAt: changed!.updated_at.toISOString(),
      });
      const counterpart = side === 'employer' ? row.student_id : row.employer_id;
      const names = await this.profiles.people(manager, [me]);
      const [project] = await queryRows<{ id: string; title: string }>(
        manager,
        'SELECT id, title FROM projects WHERE id = $1',
        [row.project_id],
      );
      await this.announce(
        manager,
        counterpart,
        { matchId, status: to, projectId: row.project_id },
        matchNotification(to, displayName(names.get(me)), project!),
      );
    });
    return this.get(caller.userId, matchId);
  }

  /** The other side's open screens update the match in place, and they are told why. */
  private async announce(
    manager: EntityManager,
    userId: string,
    update: PushedData<'match:updated'>,
    notification: NotificationData,
  ): Promise<void> {
    await this.notifier.push(manager, userId, 'match:updated', update);
    await this.notifier.notify(manager, userId, notification);
  }
}
