import { Injectable } from '@nestjs/common';
import { type EventPayload, MatchCompletedV1 } from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { IssuanceService } from '../services/issuance.service.js';

/** A completed match earns its student a credential, once (the inbox and `credentials_match_key`). */
@Injectable()
export class MatchCompletedConsumer {
  constructor(private readonly issuance: IssuanceService) {}

  @OnEvent(MatchCompletedV1)
  async completed(completed: EventPayload<typeof MatchCompletedV1>, { manager }: EventContext): Promise<void> {
    await this.issuance.issue(manager, completed);
  }
}
