import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type AdminProjectChange,
  AdminNotificationKind,
  type ModerateProjectInput,
  ProjectModeratedV1,
  ProjectsErrorCode,
  ProjectUpdatedV1,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, OutboxService, UserNotifier } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { ProjectsException } from '../exceptions/projects.exception.js';
import { ProjectRepository, toSnapshot } from '../repositories/project.repository.js';

/**
 * An admin's moderation (PATCH /api/admin/projects/:id, through the gateway): the project is deactivated
 * or reactivated with a reason, the employer is told why, and the change is published (ProjectUpdated
 * for the read models, ProjectModerated for the admin audit log) with it.
 */
@Injectable()
export class ProjectModerationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly projects: ProjectRepository,
    private readonly notifier: UserNotifier,
  ) {}

  async moderate(caller: AuthenticatedIdentity, id: string, input: ModerateProjectInput): Promise<AdminProjectChange> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.projects.lockForModeration(manager, id);
      if (!current) throw new ProjectsException(ProjectsErrorCode.ProjectNotFound);
      const row =
        current.is_active === input.isActive
          ? current
          : await this.projects.update(manager, id, {
              title: current.title,
              description: current.description,
              exchangeType: current.exchange_type,
              exchangeDescription: current.exchange_description,
              duration: current.duration,
              requiredSkills: current.required_skills,
              culturalValues: current.cultural_values,
              milestones: current.milestones,
              isActive: input.isActive,
            });
      await this.projects.setModerated(manager, id, !input.isActive);
      const change = {
        changeId: randomUUID(),
        actorId: caller.userId,
        action: 'project.moderated' as const,
        target: { type: 'project' as const, id },
        before: { isActive: current.is_active },
        after: { isActive: row.is_active },
        reason: input.reason,
        at: new Date().toISOString(),
      };
      const snapshot = toSnapshot(row);
      if (row !== current) await this.outbox.add(manager, ProjectUpdatedV1, id, snapshot);
      await this.outbox.add(manager, ProjectModeratedV1, id, change);
      await this.notifier.notify(manager, row.employer_id, {
        kind: AdminNotificationKind.ProjectModerated,
        title: input.isActive ? 'Project reactivated' : 'Project deactivated',
        body: `An admin ${input.isActive ? 'reactivated' : 'deactivated'} "${row.title}": ${input.reason}`,
        link: `/projects/${id}`,
      });
      return { change, project: snapshot };
    });
  }
}
