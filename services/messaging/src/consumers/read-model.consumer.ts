import { Injectable } from '@nestjs/common';
import {
  AttachmentStoredV1,
  type EventPayload,
  MatchCreatedV1,
  MatchStatusChangedV1,
  ProjectCreatedV1,
  ProjectUpdatedV1,
  UserRegisteredV1,
  UserUpdatedV1,
} from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { AttachmentRepository } from '../repositories/attachment.repository.js';
import { ReadModelRepository } from '../repositories/read-model.repository.js';

/**
 * Feeds messaging's read models from other services' events, one inbox transaction each: the
 * conversations (matching's matches), the counterparts' names and addresses (identity), project titles
 * (projects) and stored attachment uploads (portfolio).
 */
@Injectable()
export class ReadModelConsumer {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly attachments: AttachmentRepository,
  ) {}

  @OnEvent(AttachmentStoredV1)
  async attachmentStored(upload: EventPayload<typeof AttachmentStoredV1>, { manager }: EventContext): Promise<void> {
    await this.attachments.applyStored(manager, upload);
  }

  @OnEvent(UserRegisteredV1)
  async userRegistered(user: EventPayload<typeof UserRegisteredV1>, { manager, envelope }: EventContext) {
    await this.readModel.applyPerson(manager, user, envelope.occurredAt);
  }

  @OnEvent(UserUpdatedV1)
  async userUpdated(user: EventPayload<typeof UserUpdatedV1>, { manager, envelope }: EventContext) {
    await this.readModel.applyPerson(manager, user, envelope.occurredAt);
  }

  @OnEvent(ProjectCreatedV1)
  async projectCreated(project: EventPayload<typeof ProjectCreatedV1>, { manager, envelope }: EventContext) {
    await this.readModel.applyProject(manager, project, envelope.occurredAt);
  }

  @OnEvent(ProjectUpdatedV1)
  async projectUpdated(project: EventPayload<typeof ProjectUpdatedV1>, { manager, envelope }: EventContext) {
    await this.readModel.applyProject(manager, project, envelope.occurredAt);
  }

  @OnEvent(MatchCreatedV1)
  async matchCreated(match: EventPayload<typeof MatchCreatedV1>, { manager }: EventContext): Promise<void> {
    await this.readModel.applyMatch(manager, match, match.createdAt);
  }

  @OnEvent(MatchStatusChangedV1)
  async matchStatusChanged(change: EventPayload<typeof MatchStatusChangedV1>, { manager }: EventContext) {
    await this.readModel.applyMatch(manager, { ...change, status: change.to, matchScore: null }, change.changedAt);
  }
}
