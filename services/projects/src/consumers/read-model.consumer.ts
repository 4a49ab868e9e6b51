import { Injectable } from '@nestjs/common';
import {
  EmployerResponsivenessChangedV1,
  type EventPayload,
  MatchCreatedV1,
  MatchStatusChangedV1,
  type UserSnapshot,
} from '@projectory/contracts';
import { type EventContext, OnEvent, OnUserSnapshot, UserNotifier } from '@projectory/platform';
import { ReadModelRepository } from '../repositories/read-model.repository.js';

/**
 * Employer names from identity, applicant counts and response figures from matching, each in its inbox
 * transaction. A changed applicant count is announced to the project's owner (`view:changed`), whose
 * dashboard and project pages then ask again.
 */
@Injectable()
export class ReadModelConsumer {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly notifier: UserNotifier,
  ) {}

  @OnUserSnapshot()
  async person(user: UserSnapshot, { manager, envelope }: EventContext) {
    await this.readModel.applyPerson(manager, user, envelope.occurredAt);
  }

  @OnEvent(EmployerResponsivenessChangedV1)
  async responsivenessChanged(
    figures: EventPayload<typeof EmployerResponsivenessChangedV1>,
    { manager }: EventContext,
  ) {
    await this.readModel.applyResponsiveness(manager, figures);
  }

  @OnEvent(MatchCreatedV1)
  async matchCreated(match: EventPayload<typeof MatchCreatedV1>, { manager }: EventContext) {
    const counted = await this.readModel.applyApplication(manager, {
      matchId: match.matchId,
      projectId: match.projectId,
      status: match.status,
      at: match.createdAt,
    });
    if (counted) await this.announce(manager, match);
  }

  @OnEvent(MatchStatusChangedV1)
  async matchStatusChanged(change: EventPayload<typeof MatchStatusChangedV1>, { manager }: EventContext) {
    const counted = await this.readModel.applyApplication(manager, {
      matchId: change.matchId,
      projectId: change.projectId,
      status: change.to,
      at: change.changedAt,
    });
    if (counted) await this.announce(manager, change);
  }

  private announce(
    manager: EventContext['manager'],
    { employerId, projectId }: { employerId: string; projectId: string },
  ) {
    return this.notifier.push(manager, employerId, 'view:changed', { view: 'dashboard', projectId });
  }
}
