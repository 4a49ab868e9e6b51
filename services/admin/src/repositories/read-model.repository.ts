import { Injectable } from '@nestjs/common';
import type {
  AssessmentCompletedV1,
  EventPayload,
  MatchCreatedV1,
  MatchStatus,
  ProjectSnapshot,
  UserSkillsUpdatedV1,
  UserSnapshot,
} from '@projectory/contracts';
import { queryRows, upsertPerson } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

/**
 * Writes of the read models fed by the owners' events. Each is idempotent and keeps the newest state:
 * delivery is at-least-once and topics are not ordered across one another.
 */
@Injectable()
export class ReadModelRepository {
  /** UserRegistered / UserUpdated: the user, unless a newer snapshot is stored. */
  async applyPerson(manager: EntityManager, user: UserSnapshot, occurredAt: string): Promise<boolean> {
    return upsertPerson(manager, user, occurredAt, {
      table: 'users',
      columns: {
        email: user.email,
        role: user.role,
        plan: user.plan,
        created_at: user.createdAt,
        // A snapshot written before suspension existed says nothing about it: left out, the column
        // keeps its default on insert and its stored value on update.
        ...(user.suspended !== undefined && { suspended: user.suspended }),
      },
    });
  }

  /** AssessmentCompleted: the user's newest result. */
  async applyAssessment(manager: EntityManager, result: EventPayload<typeof AssessmentCompletedV1>): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO assessments (user_id, result_id, role, core_values, vector, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE
         SET result_id = EXCLUDED.result_id, role = EXCLUDED.role, core_values = EXCLUDED.core_values,
             vector = EXCLUDED.vector, completed_at = EXCLUDED.completed_at
         WHERE assessments.completed_at <= EXCLUDED.completed_at`,
      [result.userId, result.resultId, result.role, result.values, result.vector, result.completedAt],
    );
  }

  /** UserSkillsUpdated: the whole list replaces the stored one, unless the stored one is newer. */
  async applySkills(manager: EntityManager, list: EventPayload<typeof UserSkillsUpdatedV1>): Promise<void> {
    const newer = await queryRows<{ user_id: string }>(
      manager,
      `INSERT INTO skill_lists (user_id, updated_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET updated_at = EXCLUDED.updated_at
         WHERE skill_lists.updated_at <= EXCLUDED.updated_at
       RETURNING user_id`,
      [list.userId, list.updatedAt],
    );
    if (newer.length === 0) return;
    await queryRows(manager, 'DELETE FROM user_skills WHERE user_id = $1', [list.userId]);
    if (list.skills.length === 0) return;
    await queryRows(
      manager,
      `INSERT INTO user_skills (user_id, skill_id, name, category, proficiency_level, verified)
       SELECT $1, s.skill_id, s.name, s.category, s.proficiency_level, s.verified
         FROM jsonb_to_recordset($2::jsonb)
           AS s(skill_id uuid, name text, category text, proficiency_level text, verified boolean)
       ON CONFLICT DO NOTHING`,
      [
        list.userId,
        JSON.stringify(
          list.skills.map((skill) => ({
            skill_id: skill.skillId,
            name: skill.name,
            category: skill.category,
            proficiency_level: skill.proficiencyLevel,
            verified: skill.verified,
          })),
        ),
      ],
    );
  }

  /** ProjectCreated / ProjectUpdated (and a moderation's answer): unless a newer snapshot is stored. */
  async applyProject(manager: EntityManager, project: ProjectSnapshot, occurredAt: string): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO projects (id, employer_id, title, exchange_type, is_active, created_at, snapshot_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE
         SET title = EXCLUDED.title, exchange_type = EXCLUDED.exchange_type, is_active = EXCLUDED.is_active,
             snapshot_at = EXCLUDED.snapshot_at
         WHERE projects.snapshot_at <= EXCLUDED.snapshot_at`,
      [
        project.projectId,
        project.employerId,
        project.title,
        project.exchangeType,
        project.isActive,
        project.createdAt,
        occurredAt,
      ],
    );
  }

  /** ProjectArchived: the project stays for the matches' history, marked archived. */
  async archiveProject(manager: EntityManager, projectId: string): Promise<void> {
    await queryRows(manager, 'UPDATE projects SET archived = true WHERE id = $1', [projectId]);
  }

  /**
   * MatchCreated / MatchStatusChanged: the newest status. The creation brings the score and the real
   * creation time, whichever event arrives first.
   */
  async applyMatch(
    manager: EntityManager,
    match: Pick<EventPayload<typeof MatchCreatedV1>, 'matchId' | 'projectId' | 'studentId' | 'employerId'> & {
      status: MatchStatus;
      matchScore: number | null;
      createdAt: string | null;
    },
    statusAt: string,
  ): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO matches (id, project_id, student_id, employer_id, status, status_at, match_score, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7, coalesce($8::timestamptz, $6::timestamptz))
       ON CONFLICT (id) DO UPDATE
         SET status = CASE WHEN matches.status_at <= EXCLUDED.status_at THEN EXCLUDED.status ELSE matches.status END,
             status_at = greatest(matches.status_at, EXCLUDED.status_at),
             match_score = coalesce(EXCLUDED.match_score, matches.match_score),
             created_at = CASE WHEN $8::timestamptz IS NULL THEN matches.created_at ELSE EXCLUDED.created_at END`,
      [
        match.matchId,
        match.projectId,
        match.studentId,
        match.employerId,
        match.status,
        statusAt,
        match.matchScore,
        match.createdAt,
      ],
    );
  }
}
