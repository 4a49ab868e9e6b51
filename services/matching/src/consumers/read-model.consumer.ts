import { Injectable } from '@nestjs/common';
import {
  AssessmentCompletedV1,
  type EventPayload,
  ProjectArchivedV1,
  ProjectCreatedV1,
  type ProjectSnapshot,
  ProjectUpdatedV1,
  UserSkillsUpdatedV1,
  type UserSnapshot,
} from '@projectory/contracts';
import { type EventContext, OnEvent, OnUserSnapshot } from '@projectory/platform';
import { RematchScheduler } from '../jobs/rematch-scheduler.js';
import { ReadModelRepository } from '../repositories/read-model.repository.js';
import { ProjectLifecycleService } from '../services/project-lifecycle.service.js';
import { InvitationRepository } from '../talent/repositories/invitation.repository.js';
import { TalentRepository } from '../talent/repositories/talent.repository.js';

/**
 * Feeds matching's read models from other services' events (one inbox transaction each) and asks for
 * the rematches a change calls for, once it has committed. A project's events also move its
 * applications (ProjectLifecycleService).
 */
@Injectable()
export class ReadModelConsumer {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly rematch: RematchScheduler,
    private readonly lifecycle: ProjectLifecycleService,
    private readonly talent: TalentRepository,
    private readonly invitations: InvitationRepository,
  ) {}

  @OnUserSnapshot()
  async person(user: UserSnapshot, { manager, envelope }: EventContext): Promise<void> {
    const { changed, roleChanged } = await this.readModel.applyPerson(manager, user, envelope.occurredAt);
    if (changed) await this.talent.refresh(manager, user.userId);
    // A new student is ranked at once; a former student leaves every project's list.
    if (roleChanged) this.rematch.student(manager, user.userId);
  }

  @OnEvent(AssessmentCompletedV1)
  async assessmentCompleted(
    result: EventPayload<typeof AssessmentCompletedV1>,
    { manager }: EventContext,
  ): Promise<void> {
    const { changed, role, staleProjects } = await this.readModel.applyCulture(manager, result);
    if (!changed) return;
    if (role !== 'employer') this.rematch.student(manager, result.userId);
    for (const projectId of staleProjects) this.rematch.project(manager, projectId);
  }

  @OnEvent(UserSkillsUpdatedV1)
  async skillsUpdated(update: EventPayload<typeof UserSkillsUpdatedV1>, { manager }: EventContext): Promise<void> {
    if (!(await this.readModel.applySkills(manager, update))) return;
    await this.talent.refresh(manager, update.userId);
    this.rematch.student(manager, update.userId);
  }

  @OnEvent([ProjectCreatedV1, ProjectUpdatedV1])
  async project(project: ProjectSnapshot, { manager, envelope }: EventContext): Promise<void> {
    if (await this.lifecycle.snapshot(manager, project, envelope.occurredAt)) {
      this.rematch.project(manager, project.projectId);
    }
    // A project that stops taking applications expires its pending invitations (API.md "Finding talent").
    if (!project.isActive) await this.invitations.expireForProject(manager, project.projectId);
  }

  @OnEvent(ProjectArchivedV1)
  async projectArchived(archived: EventPayload<typeof ProjectArchivedV1>, { manager }: EventContext): Promise<void> {
    if (await this.lifecycle.archived(manager, archived)) this.rematch.project(manager, archived.projectId);
    await this.invitations.expireForProject(manager, archived.projectId);
  }
}
