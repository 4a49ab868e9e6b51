import { Injectable } from '@nestjs/common';
import { type EventPayload, MatchCreatedV1, MatchStatusChangedV1 } from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { ReadModelRepository } from '../repositories/read-model.repository.js';

/**
 * Applications from matching (which employers may open and review a student's work), each in its inbox
 * transaction. Names from identity (who reviewed an item, whose item waits) come through
 * `peopleConsumer` (portfolio.module.ts).
 */
@Injectable()
export class ReadModelConsumer {
  constructor(private readonly readModel: ReadModelRepository) {}

  @OnEvent(MatchCreatedV1)
  async matchCreated(match: EventPayload<typeof MatchCreatedV1>, { manager }: EventContext) {
    await this.readModel.applyApplication(manager, { ...match, at: match.createdAt });
  }

  @OnEvent(MatchStatusChangedV1)
  async matchStatusChanged(change: EventPayload<typeof MatchStatusChangedV1>, { manager }: EventContext) {
    await this.readModel.applyApplication(manager, { ...change, status: change.to, at: change.changedAt });
  }
}
