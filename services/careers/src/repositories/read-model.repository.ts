import { Injectable } from '@nestjs/common';
import type {
  AssessmentCompletedV1,
  EventPayload,
  MatchCreatedV1,
  MatchStatusChangedV1,
  ProjectArchivedV1,
  ProjectSnapshot,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import { queryRows } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { skillKey } from '../domain/student-profile.js';

/**
 * Writes of the read models fed by other services' events (event-carried state transfer). Each is
 * idempotent and keeps the newest state: delivery is at-least-once and topics are not ordered across
 * one another. Each returns whether anything changed.
 */
@Injectable()
export class ReadModelRepository {
  /** UserSkillsUpdated: the whole list replaces the stored one, unless the stored one is newer. */
  async applySkills(manager: EntityManager, update: EventPayload<typeof UserSkillsUpdatedV1>): Promise<boolean> {
    const skills = update.skills.map((skill) => ({
      name: skill.name,
      level: skill.proficiencyLevel,
      verified: skill.verified,
    }));
    const stored = await queryRows(
      manager,
      `INSERT INTO student_skills (user_id, skills, skills_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET skills = EXCLUDED.skills, skills_at = EXCLUDED.skills_at
         WHERE student_skills.skills_at <= EXCLUDED.skills_at
       RETURNING user_id`,
      [update.userId, JSON.stringify(skills), update.updatedAt],
    );
    return stored.length > 0;
  }

  /** AssessmentCompleted: the newest culture profile. */
  async applyCulture(manager: EntityManager, result: EventPayload<typeof AssessmentCompletedV1>): Promise<boolean> {
    const stored = await queryRows(
      manager,
      `INSERT INTO culture_profiles (user_id, core_values, vector, completed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE
         SET core_values = EXCLUDED.core_values, vector = EXCLUDED.vector, completed_at = EXCLUDED.completed_at
         WHERE culture_profiles.completed_at <= EXCLUDED.completed_at
       RETURNING user_id`,
      [result.userId, result.values, result.vector, result.completedAt],
    );
    return stored.length > 0;
  }

  /** ProjectCreated / ProjectUpdated: the whole project, unless a newer snapshot is stored. */
  async applyProject(manager: EntityManager, project: ProjectSnapshot, occurredAt: string): Promise<boolean> {
    const stored = await queryRows(
      manager,
      `INSERT INTO projects (id, employer_id, title, required_skills, skill_keys, is_active, project_created_at, snapshot_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE
         SET title = EXCLUDED.title, required_skills = EXCLUDED.required_skills, skill_keys = EXCLUDED.skill_keys,
             is_active = EXCLUDED.is_active, project_created_at = EXCLUDED.project_created_at,
             snapshot_at = EXCLUDED.snapshot_at
         WHERE projects.snapshot_at IS NULL OR projects.snapshot_at <= EXCLUDED.snapshot_at
       RETURNING id`,
      [
        project.projectId,
        project.employerId,
        project.title,
        project.requiredSkills,
        [...new Set(project.requiredSkills.map(skillKey))],
        project.isActive,
        project.createdAt,
        occurredAt,
      ],
    );
    return stored.length > 0;
  }

  /** ProjectArchived: final, whatever snapshot arrives later. */
  async archiveProject(manager: EntityManager, archived: EventPayload<typeof ProjectArchivedV1>): Promise<boolean> {
    const stored = await queryRows(
      manager,
      `INSERT INTO projects (id, employer_id, archived_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET archived_at = EXCLUDED.archived_at WHERE projects.archived_at IS NULL
       RETURNING id`,
      [archived.projectId, archived.employerId, archived.archivedAt],
    );
    return stored.length > 0;
  }

  /** MatchCreated / MatchStatusChanged: the application's newest status. */
  async applyApplication(
    manager: EntityManager,
    match: Pick<EventPayload<typeof MatchCreatedV1>, 'matchId' | 'projectId' | 'studentId' | 'status'>,
    at: string,
  ): Promise<boolean> {
    const stored = await queryRows(
      manager,
      `INSERT INTO applications (id, project_id, student_id, status, status_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, status_at = EXCLUDED.status_at
         WHERE applications.status_at <= EXCLUDED.status_at
       RETURNING id`,
      [match.matchId, match.projectId, match.studentId, match.status, at],
    );
    return stored.length > 0;
  }

  statusChanged(manager: EntityManager, change: EventPayload<typeof MatchStatusChangedV1>): Promise<boolean> {
    return this.applyApplication(manager, { ...change, status: change.to }, change.changedAt);
  }
}
