import { Injectable } from '@nestjs/common';
import {
  AssessmentCompletedV1,
  type EventPayload,
  MatchCreatedV1,
  MatchStatusChangedV1,
  ProjectArchivedV1,
  ProjectCreatedV1,
  type ProjectSnapshot,
  ProjectUpdatedV1,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { ReadModelRepository } from '../repositories/read-model.repository.js';

/**
 * Feeds careers' read models from other services' events, one inbox transaction each: the student's
 * skills (portfolio), culture profile (assessment), applications (matching) and projects (projects).
 */
@Injectable()
export class ReadModelConsumer {
  constructor(private readonly readModel: ReadModelRepository) {}

  @OnEvent(UserSkillsUpdatedV1)
  async skillsUpdated(update: EventPayload<typeof UserSkillsUpdatedV1>, { manager }: EventContext): Promise<void> {
    await this.readModel.applySkills(manager, update);
  }

  @OnEvent(AssessmentCompletedV1)
  async assessmentCompleted(result: EventPayload<typeof AssessmentCompletedV1>, { manager }: EventContext) {
    await this.readModel.applyCulture(manager, result);
  }

  @OnEvent([ProjectCreatedV1, ProjectUpdatedV1])
  async project(project: ProjectSnapshot, { manager, envelope }: EventContext) {
    await this.readModel.applyProject(manager, project, envelope.occurredAt);
  }

  @OnEvent(ProjectArchivedV1)
  async projectArchived(archived: EventPayload<typeof ProjectArchivedV1>, { manager }: EventContext) {
    await this.readModel.archiveProject(manager, archived);
  }

  @OnEvent(MatchCreatedV1)
  async matchCreated(match: EventPayload<typeof MatchCreatedV1>, { manager }: EventContext): Promise<void> {
    await this.readModel.applyApplication(manager, match, match.createdAt);
  }

  @OnEvent(MatchStatusChangedV1)
  async matchStatusChanged(change: EventPayload<typeof MatchStatusChangedV1>, { manager }: EventContext) {
    await this.readModel.statusChanged(manager, change);
  }
}
