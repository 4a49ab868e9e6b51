import { Injectable } from '@nestjs/common';
import {
  type EventPayload,
  MatchCreatedV1,
  MatchStatusChangedV1,
  ProjectCreatedV1,
  type ProjectSnapshot,
  ProjectUpdatedV1,
} from '@projectory/contracts';
import { type EventContext, OnEvent, UserNotifier } from '@projectory/platform';
import { ReadModelRepository } from '../repositories/read-model.repository.js';
import { SafetyService } from '../safety/safety.service.js';

/**
 * Feeds messaging's read models from other services' events, one inbox transaction each: the
 * conversations (matching's matches) and projects (a project whose text newly matches the auto-flag
 * rules files a report into the admins' queue); the counterparts' names and
 * addresses (identity) come through `peopleConsumer` and the stored attachment uploads (portfolio)
 * through `attachmentUploadsConsumer` (messaging.module.ts). A conversation created or moved by a
 * match's event is announced to both members (`view:changed`), so their lists ask again once it
 * committed.
 */
@Injectable()
export class ReadModelConsumer {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly notifier: UserNotifier,
    private readonly safety: SafetyService,
  ) {}

  @OnEvent([ProjectCreatedV1, ProjectUpdatedV1])
  async project(project: ProjectSnapshot, { manager, envelope }: EventContext) {
    const newFlags = await this.readModel.applyProject(manager, project, envelope.occurredAt);
    if (newFlags.length > 0) await this.safety.flagProject(manager, project, newFlags);
  }

  @OnEvent(MatchCreatedV1)
  async matchCreated(match: EventPayload<typeof MatchCreatedV1>, { manager }: EventContext): Promise<void> {
    await this.readModel.applyMatch(manager, match, match.createdAt);
    await this.announce(manager, match);
  }

  @OnEvent(MatchStatusChangedV1)
  async matchStatusChanged(change: EventPayload<typeof MatchStatusChangedV1>, { manager }: EventContext) {
    await this.readModel.applyMatch(manager, { ...change, status: change.to, matchScore: null }, change.changedAt);
    await this.announce(manager, change);
  }

  private announce(
    manager: EventContext['manager'],
    { studentId, employerId }: { studentId: string; employerId: string },
  ) {
    return this.notifier.push(manager, [studentId, employerId], 'view:changed', { view: 'conversations' });
  }
}
