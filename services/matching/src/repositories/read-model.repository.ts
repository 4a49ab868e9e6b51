import { Injectable } from '@nestjs/common';
import type { EventPayload, UserSnapshot } from '@projectory/contracts';
import type {
  AssessmentCompletedV1,
  ProjectArchivedV1,
  ProjectSnapshot,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import { queryRows, type Role, upsertPerson } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

export interface LockedPerson {
  id: string;
  first_name: string;
  last_name: string;
  role: Role | null;
  plan: 'free' | 'professional' | 'enterprise';
  snapshot_at: Date | null;
}

/** The advisory lock key shared by a project's applications and its state changes (lockProjectForApplication). */
export const projectApplicationsLock = (projectId: string) => `matching.project-applications:${projectId}`;

/**
 * Writes of the read models fed by other services' events (event-carried state transfer). Every write
 * is idempotent and ignores state older than what is stored, since topics do not order events across
 * one another and delivery is at-least-once. Each returns whether anything changed.
 */
@Injectable()
export class ReadModelRepository {
  /**
   * Creates the user's row when this is the first event about them, and locks it: every write about one
   * user starts here, so that concurrent writes about the same user queue up instead of deadlocking.
   */
  async lockPerson(manager: EntityManager, id: string, role: Role | null = null): Promise<LockedPerson> {
    await manager.query('INSERT INTO people (id, role) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, role]);
    const [person] = await queryRows<LockedPerson>(
      manager,
      'SELECT id, first_name, last_name, role, plan, snapshot_at FROM people WHERE id = $1 FOR NO KEY UPDATE',
      [id],
    );
    return person!;
  }

  /** Marks the user's row changed, so that score indexes reload it; `rank` also makes its ranking stale. */
  async touchPerson(manager: EntityManager, id: string, rank: boolean): Promise<void> {
    await manager.query(
      `UPDATE people SET changed_xid = pg_current_xact_id(), version = version + $2, updated_at = now()
       WHERE id = $1`,
      [id, rank ? 1 : 0],
    );
  }

  /**
   * UserRegistered / UserUpdated: names, role, plan and company, unless a newer snapshot is stored.
   * Returns whether the row changed, and whether the role did (the user's ranking is then stale).
   */
  async applyPerson(
    manager: EntityManager,
    user: UserSnapshot,
    occurredAt: string,
  ): Promise<{ changed: boolean; roleChanged: boolean }> {
    const person = await this.lockPerson(manager, user.userId);
    const roleChanged = person.role !== user.role;
    const changed = await upsertPerson(manager, user, occurredAt, {
      columns: {
        role: user.role,
        plan: user.plan,
        company: user.company,
        verification: user.verification ?? 'none',
        // What a talent card shows (ADR 0022).
        headline: user.headline,
        school: user.school ?? null,
        major: user.major ?? null,
        graduation_year: user.graduationYear ?? null,
        profile_image_url: user.profileImageUrl,
        discoverable: user.discoverable ?? false,
        suspended: user.suspended ?? false,
      },
      onUpdate: {
        version: { increment: roleChanged ? 1 : 0 },
        changed_xid: 'transaction_id',
        updated_at: 'now',
      },
    });
    return { changed, roleChanged: changed && roleChanged };
  }

  /**
   * AssessmentCompleted: the user's culture profile. For an employer, their active projects' rankings
   * become stale too (the employer's vector is part of each project's profile); their ids are returned.
   */
  async applyCulture(
    manager: EntityManager,
    result: EventPayload<typeof AssessmentCompletedV1>,
  ): Promise<{ changed: boolean; role: Role | null; staleProjects: string[] }> {
    const person = await this.lockPerson(manager, result.userId, result.role);
    // Identity is the authority on roles; until its event arrives, the assessment's word will do.
    if (person.role === null)
      await manager.query('UPDATE people SET role = $2 WHERE id = $1', [person.id, result.role]);
    const role = person.role ?? result.role;
    const stored = await queryRows(
      manager,
      `INSERT INTO culture_profiles (user_id, core_values, vector, completed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE
         SET core_values = EXCLUDED.core_values, vector = EXCLUDED.vector, completed_at = EXCLUDED.completed_at,
             updated_at = now()
         WHERE culture_profiles.completed_at <= EXCLUDED.completed_at
       RETURNING user_id`,
      [result.userId, result.values, result.vector, result.completedAt],
    );
    if (stored.length === 0) return { changed: false, role, staleProjects: [] };
    await this.touchPerson(manager, result.userId, true);
    const staleProjects =
      role === 'employer'
        ? (
            await queryRows<{ id: string }>(
              manager,
              `WITH locked AS (
                 SELECT id FROM projects WHERE employer_id = $1 AND is_active AND archived_at IS NULL
                 ORDER BY id FOR NO KEY UPDATE
               )
               UPDATE projects p SET version = p.version + 1, changed_xid = pg_current_xact_id(), updated_at = now()
               FROM locked WHERE p.id = locked.id
               RETURNING p.id`,
              [result.userId],
            )
          ).map((row) => row.id)
        : [];
    return { changed: true, role, staleProjects };
  }

  /** UserSkillsUpdated: the whole list replaces the stored one, unless the stored one is newer. */
  async applySkills(manager: EntityManager, update: EventPayload<typeof UserSkillsUpdatedV1>): Promise<boolean> {
    await this.lockPerson(manager, update.userId);
    const skills = update.skills.map((skill) => ({
      name: skill.name,
      level: skill.proficiencyLevel,
      verified: skill.verified,
    }));
    const stored = await queryRows(
      manager,
      `INSERT INTO student_skills (user_id, skills, skills_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE
         SET skills = EXCLUDED.skills, skills_at = EXCLUDED.skills_at, updated_at = now()
         WHERE student_skills.skills_at <= EXCLUDED.skills_at
       RETURNING user_id`,
      [update.userId, JSON.stringify(skills), update.updatedAt],
    );
    if (stored.length === 0) return false;
    await this.touchPerson(manager, update.userId, true);
    return true;
  }

  /**
   * Applications to one project and changes of its state exclude each other: an application holds this
   * shared (many at once), a project event exclusively (`lockTransaction` with the same key). So an
   * application either commits before the event's transaction looks at the project's applications, or
   * sees the project as that event left it.
   */
  async lockProjectForApplication(manager: EntityManager, projectId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [
      projectApplicationsLock(projectId),
    ]);
  }

  /**
   * ProjectCreated / ProjectUpdated: the whole project, unless a newer snapshot is stored. Returns
   * undefined for a stale snapshot, else whether the project is archived (archiving is final).
   */
  async applyProject(
    manager: EntityManager,
    project: ProjectSnapshot,
    occurredAt: string,
  ): Promise<{ archived: boolean } | undefined> {
    const [stored] = await queryRows<{ archived: boolean }>(
      manager,
      `INSERT INTO projects (id, employer_id, title, description, exchange_type, duration, required_skills,
                             cultural_values, is_active, project_created_at, snapshot_at, milestones,
                             exchange_description)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE
         SET title = EXCLUDED.title, description = EXCLUDED.description, exchange_type = EXCLUDED.exchange_type,
             duration = EXCLUDED.duration, required_skills = EXCLUDED.required_skills,
             cultural_values = EXCLUDED.cultural_values, is_active = EXCLUDED.is_active,
             project_created_at = EXCLUDED.project_created_at, snapshot_at = EXCLUDED.snapshot_at,
             milestones = EXCLUDED.milestones, exchange_description = EXCLUDED.exchange_description,
             version = projects.version + 1, changed_xid = pg_current_xact_id(), updated_at = now()
         WHERE projects.snapshot_at IS NULL OR projects.snapshot_at <= EXCLUDED.snapshot_at
       RETURNING archived_at IS NOT NULL AS archived`,
      [
        project.projectId,
        project.employerId,
        project.title,
        project.description,
        project.exchangeType,
        project.duration,
        project.requiredSkills,
        project.culturalValues,
        project.isActive,
        project.createdAt,
        occurredAt,
        // The workspace's template and the exchange's words (older snapshots have neither).
        JSON.stringify(project.milestones ?? []),
        project.exchangeDescription ?? null,
      ],
    );
    return stored;
  }

  /** ProjectArchived: final, whatever snapshot arrives later. */
  async archiveProject(manager: EntityManager, archived: EventPayload<typeof ProjectArchivedV1>): Promise<boolean> {
    const stored = await queryRows(
      manager,
      `INSERT INTO projects (id, employer_id, archived_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE
         SET archived_at = EXCLUDED.archived_at, version = projects.version + 1,
             changed_xid = pg_current_xact_id(), updated_at = now()
         WHERE projects.archived_at IS NULL
       RETURNING id`,
      [archived.projectId, archived.employerId, archived.archivedAt],
    );
    return stored.length > 0;
  }
}
