import { Injectable } from '@nestjs/common';
import type {
  Collection,
  Match,
  MatchClosedReason,
  MatchReason,
  MatchStatus,
  MatchStudentSkill,
  RecentMatch,
} from '@projectory/contracts';
import {
  microsSql,
  type NewestFirstPosition,
  olderThanSql,
  queryRows,
  type Runner,
  toPage,
} from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { displayName } from '../domain/notifications.js';

/** A `matches` row as stored. */
export interface MatchRecord {
  id: string;
  project_id: string;
  student_id: string;
  employer_id: string;
  status: MatchStatus;
  closed_reason: MatchClosedReason | null;
  match_score: number;
  skills_match: number;
  culture_match: number;
  applied_score: number;
  pitch: string | null;
  invitation_id: string | null;
  reasons: MatchReason[];
  completed_at: Date | null;
  closed_at: Date | null;
  /** When the employer accepted the student (the workspace's start); null if never accepted. */
  accepted_at: Date | null;
  /** The employer's words about the student, written when completing. */
  recommendation: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A match as listed: the stored row, its position, and the project and people it names. */
interface MatchRow extends Omit<MatchRecord, 'completed_at' | 'closed_at' | 'accepted_at' | 'recommendation'> {
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
  /** The viewer's own review of the match, if any. */
  my_rating: number | null;
  my_comment: string | null;
  my_reviewed_at: Date | null;
}

/** What a new application stores; its scores come from the scorer. */
export interface NewMatch {
  projectId: string;
  studentId: string;
  employerId: string;
  matchScore: number;
  skillsMatch: number;
  cultureMatch: number;
  reasons: MatchReason[];
  pitch: string | null;
  /** The invitation this application answers: it does not count toward the monthly limit. */
  invitationId?: string | null;
}

/** A match's scores as stored, with whom they concern: what a refresh compares with the scorer's answer. */
export interface ScoredMatch {
  id: string;
  project_id: string;
  student_id: string;
  employer_id: string;
  status: MatchStatus;
  match_score: number;
  skills_match: number;
  culture_match: number;
  reasons: MatchReason[];
}

/** Fresh scores for a match (its `applied_score` never changes). */
export interface MatchScores {
  overall: number;
  skills: number;
  culture: number;
  reasons: MatchReason[];
}

/** A match about to be reviewed, with its project's title. */
export interface MatchToReview {
  student_id: string;
  employer_id: string;
  status: MatchStatus;
  project_id: string;
  title: string;
}

/** Whose applications a listing shows: the student's own, or those to the employer's projects. */
export interface MatchListFilter {
  side: 'student' | 'employer';
  userId: string;
  status?: MatchStatus;
  projectId?: string;
}

/** An application the system just closed or reopened, with what its participants and projects' counts need. */
export interface SystemChangedMatch {
  id: string;
  project_id: string;
  student_id: string;
  employer_id: string;
  from_status: MatchStatus;
  status: MatchStatus;
  closed_reason: MatchClosedReason | null;
  updated_at: Date;
}

/**
 * Applications that do not count toward the free plan's monthly limit: those closed because they reached a
 * project that was already paused or archived (API.md "Matching", (system)).
 */
const RACED = `(m.status = 'closed' AND m.closed_reason = 'project_unavailable')`;
/** Nor do applications an accepted invitation created (API.md "Finding talent"). */
const FREE_OF_LIMIT = `(${RACED} OR m.invitation_id IS NOT NULL)`;

export interface StudentFigures {
  active: number;
  completed: number;
  used: number;
}

export interface EmployerFigures {
  pending: number;
  accepted: number;
  rejected: number;
  completed: number;
  total: number;
}

/** Column of a participant, and of the other side: fixed identifiers, never user input. */
const SIDES = {
  student: { mine: 'm.student_id', counterpart: 'm.employer_id' },
  employer: { mine: 'm.employer_id', counterpart: 'm.student_id' },
} as const;

/**
 * A match as its participant `viewer` (a parameter placeholder, e.g. `$1`) sees it, with their own
 * review joined in the same query.
 */
const matchSelect = (viewer: string) => `
  SELECT m.id, m.project_id, m.student_id, m.employer_id, m.status, m.closed_reason, m.match_score, m.skills_match,
    m.culture_match, m.applied_score, m.pitch, m.invitation_id, m.reasons, m.created_at, m.updated_at, ${microsSql('m.created_at')} AS cursor_micros,
    pr.title, pr.description, pr.exchange_type, pr.duration, pr.cultural_values,
    e.first_name AS employer_first_name, e.last_name AS employer_last_name,
    s.first_name AS student_first_name, s.last_name AS student_last_name, ss.skills AS student_skills,
    mr.rating AS my_rating, mr.comment AS my_comment, mr.created_at AS my_reviewed_at
  FROM matches m
  JOIN projects pr ON pr.id = m.project_id
  LEFT JOIN people e ON e.id = m.employer_id
  LEFT JOIN people s ON s.id = m.student_id
  LEFT JOIN student_skills ss ON ss.user_id = m.student_id
  LEFT JOIN reviews mr ON mr.match_id = m.id AND mr.reviewer_id = ${viewer}`;

function toMatch(row: MatchRow): Match {
  return {
    id: row.id,
    projectId: row.project_id,
    studentId: row.student_id,
    status: row.status,
    closedReason: row.closed_reason,
    matchScore: row.match_score,
    skillsMatch: row.skills_match,
    cultureMatch: row.culture_match,
    appliedScore: row.applied_score,
    pitch: row.pitch,
    invitationId: row.invitation_id,
    reasons: row.reasons,
    canReview: row.status === 'completed' && row.my_reviewed_at === null,
    myReview:
      row.my_reviewed_at === null
        ? null
        : { rating: row.my_rating!, comment: row.my_comment ?? '', createdAt: row.my_reviewed_at.toISOString() },
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

/** Every read and write of `matches` (applications), shown with their project and both people. */
@Injectable()
export class MatchRepository {
  async exists(runner: Runner, projectId: string, studentId: string): Promise<boolean> {
    const [existing] = await queryRows(runner, 'SELECT 1 FROM matches WHERE project_id = $1 AND student_id = $2', [
      projectId,
      studentId,
    ]);
    return existing !== undefined;
  }

  /**
   * Applications created this calendar month (UTC), whatever became of them, except those closed for
   * reaching a project that was not taking applications.
   */
  async countThisMonth(runner: Runner, studentId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      runner,
      `SELECT count(*)::int AS count FROM matches m
       WHERE m.student_id = $1 AND m.created_at >= date_trunc('month', now(), 'UTC') AND NOT ${FREE_OF_LIMIT}`,
      [studentId],
    );
    return row!.count;
  }

  /** A pending application; a second one for the same project and student is a unique violation. */
  async insert(manager: EntityManager, match: NewMatch): Promise<{ id: string; createdAt: Date }> {
    const [created] = await queryRows<{ id: string; created_at: Date }>(
      manager,
      `INSERT INTO matches (project_id, student_id, employer_id, status, match_score, skills_match, culture_match,
         applied_score, reasons, pitch, invitation_id)
       VALUES ($1, $2, $3, 'pending', $4, $5, $6, $4, $7, $8, $9)
       RETURNING id, created_at`,
      [
        match.projectId,
        match.studentId,
        match.employerId,
        match.matchScore,
        match.skillsMatch,
        match.cultureMatch,
        JSON.stringify(match.reasons),
        match.pitch,
        match.invitationId ?? null,
      ],
    );
    return { id: created!.id, createdAt: created!.created_at };
  }

  /**
   * Every match of a student or of a project, locked in id order (so that a student's refresh and a
   * project's never deadlock), for rewriting their scores from the current read models.
   */
  async lockScored(manager: EntityManager, of: { studentId: string } | { projectId: string }): Promise<ScoredMatch[]> {
    const [column, id] = 'studentId' in of ? ['student_id', of.studentId] : ['project_id', of.projectId];
    return queryRows<ScoredMatch>(
      manager,
      `SELECT id, project_id, student_id, employer_id, status, match_score, skills_match, culture_match, reasons
       FROM matches WHERE ${column} = $1 ORDER BY id FOR NO KEY UPDATE`,
      [id],
    );
  }

  /**
   * Rewrites a match's scores and reasons. `updated_at` stays: it tells when the application's status
   * last changed, which a new score is not.
   */
  async setScores(manager: EntityManager, matchId: string, scores: MatchScores): Promise<void> {
    await queryRows(
      manager,
      `UPDATE matches SET match_score = $2, skills_match = $3, culture_match = $4, reasons = $5 WHERE id = $1`,
      [matchId, scores.overall, scores.skills, scores.culture, JSON.stringify(scores.reasons)],
    );
  }

  /** The match if `participantId` is its student or employer; undefined otherwise or when unknown. */
  async findForParticipant(runner: Runner, matchId: string, participantId: string): Promise<Match | undefined> {
    const [row] = await queryRows<MatchRow>(
      runner,
      `${matchSelect('$2')} WHERE m.id = $1 AND (m.student_id = $2 OR m.employer_id = $2)`,
      [matchId, participantId],
    );
    return row && toMatch(row);
  }

  /** One page of a participant's applications, newest first, strictly after `after`. */
  async list(
    runner: Runner,
    filter: MatchListFilter,
    limit: number,
    after: NewestFirstPosition | undefined,
  ): Promise<Collection<Match>> {
    const params: unknown[] = [filter.userId];
    const where = [`${SIDES[filter.side].mine} = $1`];
    if (filter.status) where.push(`m.status = $${params.push(filter.status)}`);
    if (filter.projectId) where.push(`m.project_id = $${params.push(filter.projectId)}`);
    if (after) where.push(olderThanSql('m.created_at', 'm.id', after, params));
    const rows = await queryRows<MatchRow>(
      runner,
      `${matchSelect('$1')} WHERE ${where.join(' AND ')} ORDER BY m.created_at DESC, m.id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
    return toPage(rows, limit, toMatch, (row) => [row.cursor_micros, row.id]);
  }

  /** Locks the match for a status change (FOR NO KEY UPDATE: reviews' foreign-key checks still pass). */
  async lock(manager: EntityManager, matchId: string): Promise<MatchRecord | undefined> {
    const [row] = await queryRows<MatchRecord>(manager, 'SELECT * FROM matches WHERE id = $1 FOR NO KEY UPDATE', [
      matchId,
    ]);
    return row;
  }

  /**
   * Sets the status (and the acceptance or completion time, with the employer's recommendation on
   * completion); returns the new `updated_at`.
   */
  async setStatus(
    manager: EntityManager,
    matchId: string,
    to: MatchStatus,
    recommendation: string | null = null,
  ): Promise<Date> {
    const [changed] = await queryRows<{ updated_at: Date }>(
      manager,
      `UPDATE matches SET status = $2, updated_at = now(),
         accepted_at = CASE WHEN $2 = 'accepted' THEN now() ELSE accepted_at END,
         completed_at = CASE WHEN $2 = 'completed' THEN now() ELSE completed_at END,
         recommendation = CASE WHEN $2 = 'completed' THEN $3 ELSE recommendation END
       WHERE id = $1 RETURNING updated_at`,
      [matchId, to, recommendation],
    );
    return changed!.updated_at;
  }

  /**
   * The system closes a project's applications in `statuses` created at or after `since` (all of them
   * without `since`). `racedFrom`: those created at or after it reached a project that was no longer
   * taking applications (`project_unavailable`); the others were open when the project was archived
   * (`project_archived`). Returns the closed ones with the status each left.
   */
  async closeForProject(
    manager: EntityManager,
    projectId: string,
    statuses: readonly MatchStatus[],
    racedFrom: string,
    since?: string,
  ): Promise<SystemChangedMatch[]> {
    return queryRows<SystemChangedMatch>(
      manager,
      `WITH target AS (
         SELECT id, status FROM matches
         WHERE project_id = $1 AND status = ANY($2::text[]) AND ($4::timestamptz IS NULL OR created_at >= $4)
         ORDER BY id FOR NO KEY UPDATE
       )
       UPDATE matches m SET status = 'closed', closed_at = now(), updated_at = now(),
         closed_reason = CASE WHEN m.created_at >= $3 THEN 'project_unavailable' ELSE 'project_archived' END
       FROM target WHERE m.id = target.id
       RETURNING m.id, m.project_id, m.student_id, m.employer_id, target.status AS from_status, m.status,
         m.closed_reason, m.updated_at`,
      [projectId, statuses, racedFrom, since ?? null],
    );
  }

  /**
   * Applications closed as raced (`project_unavailable`) that were made at or after `since`, when the
   * project was taking applications after all (a reactivation that matching heard of after the pause):
   * pending again. Returns them.
   */
  async reopenForProject(manager: EntityManager, projectId: string, since: string): Promise<SystemChangedMatch[]> {
    return queryRows<SystemChangedMatch>(
      manager,
      `WITH target AS (
         SELECT id FROM matches
         WHERE project_id = $1 AND status = 'closed' AND closed_reason = 'project_unavailable' AND created_at >= $2
         ORDER BY id FOR NO KEY UPDATE
       )
       UPDATE matches m SET status = 'pending', closed_reason = NULL, closed_at = NULL, updated_at = now()
       FROM target WHERE m.id = target.id
       RETURNING m.id, m.project_id, m.student_id, m.employer_id, 'closed' AS from_status, m.status,
         m.closed_reason, m.updated_at`,
      [projectId, since],
    );
  }

  /** The match and its project's title, share-locked so that its status holds until the review is stored. */
  async lockToReview(manager: EntityManager, matchId: string): Promise<MatchToReview | undefined> {
    const [match] = await queryRows<MatchToReview>(
      manager,
      `SELECT m.student_id, m.employer_id, m.status, m.project_id, pr.title
       FROM matches m JOIN projects pr ON pr.id = m.project_id WHERE m.id = $1 FOR SHARE OF m`,
      [matchId],
    );
    return match;
  }

  /** A student's active and completed applications, and those created this calendar month (UTC). */
  async studentFigures(runner: Runner, studentId: string): Promise<StudentFigures> {
    const [counts] = await queryRows<StudentFigures>(
      runner,
      `SELECT count(*) FILTER (WHERE m.status IN ('pending', 'accepted'))::int AS active,
         count(*) FILTER (WHERE m.status = 'completed')::int AS completed,
         count(*) FILTER (WHERE m.created_at >= date_trunc('month', now(), 'UTC') AND NOT ${FREE_OF_LIMIT})::int AS used
       FROM matches m WHERE m.student_id = $1`,
      [studentId],
    );
    return counts!;
  }

  /** Applications to an employer's projects, per status and in all (those that raced a pause or an archive aside). */
  async employerFigures(runner: Runner, employerId: string): Promise<EmployerFigures> {
    const [counts] = await queryRows<EmployerFigures>(
      runner,
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
         count(*) FILTER (WHERE status = 'accepted')::int AS accepted,
         count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
         count(*) FILTER (WHERE status = 'completed')::int AS completed,
         count(*) FILTER (WHERE NOT ${RACED})::int AS total
       FROM matches m WHERE m.employer_id = $1`,
      [employerId],
    );
    return counts!;
  }

  /** A participant's newest applications, named by the other side. */
  async recent(runner: Runner, side: 'student' | 'employer', userId: string, limit: number): Promise<RecentMatch[]> {
    const { mine, counterpart } = SIDES[side];
    const rows = await queryRows<{
      id: string;
      title: string;
      first_name: string;
      last_name: string;
      match_score: number;
      status: string;
      closed_reason: MatchClosedReason | null;
      created_at: Date;
    }>(
      runner,
      `SELECT m.id, pr.title, c.first_name, c.last_name, m.match_score, m.status, m.closed_reason, m.created_at
       FROM matches m
       JOIN projects pr ON pr.id = m.project_id
       LEFT JOIN people c ON c.id = ${counterpart}
       WHERE ${mine} = $1
       ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      projectTitle: row.title,
      counterpartName: displayName(row),
      matchScore: row.match_score,
      status: row.status,
      closedReason: row.closed_reason,
      createdAt: row.created_at.toISOString(),
    }));
  }
}
