import { Injectable } from '@nestjs/common';
import {
  canonicalSkillNames,
  type Collection,
  type CreateProjectInput,
  type ListMyProjectsQuery,
  type ListProjectsQuery,
  type Project,
  ProjectArchivedV1,
  ProjectCreatedV1,
  ProjectsErrorCode,
  ProjectUpdatedV1,
  SafetyErrorCode,
  UNVERIFIED_ACTIVE_PROJECTS_MAX,
  type UpdateProjectInput,
} from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  decodeCursor,
  lockTransaction,
  newestFirstPosition,
  OutboxService,
  toPage,
} from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { ProjectsException } from '../exceptions/projects.exception.js';
import {
  inTemplateOrder,
  type ProjectFields,
  ProjectRepository,
  type ProjectRow,
  rankedPosition,
  toProject,
  toSnapshot,
} from '../repositories/project.repository.js';

const newestFirst = (row: ProjectRow) => [row.cursor_micros, row.id];

const fieldsOf = (row: ProjectRow): ProjectFields => ({
  title: row.title,
  description: row.description,
  exchangeType: row.exchange_type,
  exchangeDescription: row.exchange_description,
  duration: row.duration,
  requiredSkills: row.required_skills,
  culturalValues: row.cultural_values,
  milestones: inTemplateOrder(row.milestones),
  isActive: row.is_active,
});

const sameFields = (a: ProjectFields, b: ProjectFields) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Employers' projects (API.md "Projects"): every change commits with its event in the outbox, so
 * matching's copy never misses one. Another employer's project, an archived one and an unknown id
 * all answer the same 404.
 */
@Injectable()
export class ProjectService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly projects: ProjectRepository,
  ) {}

  async create(caller: AuthenticatedIdentity, input: CreateProjectInput): Promise<Project> {
    return this.dataSource.transaction(async (manager) => {
      await this.assertMayActivate(manager, caller.userId);
      const row = await this.projects.insert(manager, caller.userId, {
        title: input.title,
        description: input.description,
        exchangeType: input.exchangeType,
        exchangeDescription: input.exchangeDescription ?? null,
        duration: input.duration ?? null,
        requiredSkills: canonicalSkillNames(input.requiredSkills),
        culturalValues: input.culturalValues,
        milestones: input.milestones,
        isActive: true,
      });
      await this.outbox.add(manager, ProjectCreatedV1, row.id, toSnapshot(row));
      return toProject(row);
    });
  }

  /** Applies the given fields; a change announces the whole project (ProjectUpdated), no change announces nothing. */
  async update(caller: AuthenticatedIdentity, id: string, changes: UpdateProjectInput): Promise<Project> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.projects.lockOwned(manager, id, caller.userId);
      if (!current) throw new ProjectsException(ProjectsErrorCode.ProjectNotFound);
      const before = fieldsOf(current);
      const after: ProjectFields = { ...before };
      const wanted = {
        ...changes,
        requiredSkills: changes.requiredSkills && canonicalSkillNames(changes.requiredSkills),
        milestones: changes.milestones && inTemplateOrder(changes.milestones),
      };
      for (const [key, value] of Object.entries(wanted) as [keyof ProjectFields, unknown][]) {
        if (value !== undefined) Object.assign(after, { [key]: value });
      }
      if (sameFields(before, after)) return toProject(current);
      if (current.moderated_at && after.isActive && !before.isActive) {
        throw new ProjectsException(ProjectsErrorCode.ProjectModerated);
      }
      if (after.isActive && !before.isActive) await this.assertMayActivate(manager, caller.userId);
      const row = await this.projects.update(manager, id, after);
      await this.outbox.add(manager, ProjectUpdatedV1, row.id, toSnapshot(row));
      return toProject(row);
    });
  }

  /**
   * An unverified employer (level `none`) may have at most UNVERIFIED_ACTIVE_PROJECTS_MAX active
   * projects (API.md "Trust and safety"): 403 VERIFICATION_REQUIRED for one more. Counted under the
   * employer's lock, held to the commit, so two creates at once cannot both pass.
   */
  private async assertMayActivate(manager: EntityManager, employerId: string): Promise<void> {
    await lockTransaction(manager, `projects.active:${employerId}`);
    if ((await this.projects.employerVerification(manager, employerId)) !== 'none') return;
    if ((await this.projects.countActive(manager, employerId)) >= UNVERIFIED_ACTIVE_PROJECTS_MAX) {
      throw new ProjectsException(SafetyErrorCode.VerificationRequired);
    }
  }

  /** DELETE: the project is archived (kept for matching's history), never listed or shown again. */
  async archive(caller: AuthenticatedIdentity, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const archived = await this.projects.archive(manager, id, caller.userId);
      if (!archived) throw new ProjectsException(ProjectsErrorCode.ProjectNotFound);
      await this.outbox.add(manager, ProjectArchivedV1, archived.id, {
        projectId: archived.id,
        employerId: archived.employer_id,
        archivedAt: archived.archived_at.toISOString(),
      });
    });
  }

  /** Active projects to anyone signed in; an inactive one to its employer only. */
  async get(caller: AuthenticatedIdentity, id: string): Promise<Project> {
    const row = await this.projects.findNotArchived(this.dataSource, id);
    if (!row || (!row.is_active && row.employer_id !== caller.userId)) {
      throw new ProjectsException(ProjectsErrorCode.ProjectNotFound);
    }
    return toProject(row);
  }

  async list({ q, exchangeType, limit, cursor }: ListProjectsQuery): Promise<Collection<Project>> {
    if (q) {
      const after = decodeCursor(cursor, rankedPosition);
      const rows = await this.projects.search(this.dataSource, { q, exchangeType }, limit, after);
      return toPage(rows, limit, toProject, (row) => [row.tier, row.cursor_micros, row.id]);
    }
    const after = decodeCursor(cursor, newestFirstPosition);
    const rows = await this.projects.newest(this.dataSource, { exchangeType }, limit, after);
    return toPage(rows, limit, toProject, newestFirst);
  }

  async mine(caller: AuthenticatedIdentity, { limit, cursor }: ListMyProjectsQuery): Promise<Collection<Project>> {
    const after = decodeCursor(cursor, newestFirstPosition);
    const rows = await this.projects.ofEmployer(this.dataSource, caller.userId, limit, after);
    return toPage(rows, limit, toProject, newestFirst);
  }

  countActive(employerId: string): Promise<number> {
    return this.projects.countActive(this.dataSource, employerId);
  }
}
