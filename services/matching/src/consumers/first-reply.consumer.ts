import { Injectable } from '@nestjs/common';
import { type EventPayload, MessagingFirstReplyV1 } from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { ResponsivenessService } from '../services/responsiveness.service.js';

/** The employer's first message in a match's conversation answers the application (unless they decided first). */
@Injectable()
export class FirstReplyConsumer {
  constructor(private readonly responsiveness: ResponsivenessService) {}

  @OnEvent(MessagingFirstReplyV1)
  async firstReply(reply: EventPayload<typeof MessagingFirstReplyV1>, { manager }: EventContext): Promise<void> {
    await this.responsiveness.responded(manager, reply.matchId, reply.employerId, reply.repliedAt);
  }
}
