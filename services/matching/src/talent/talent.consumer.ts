import { Injectable } from '@nestjs/common';
import { BlockChangedV1, CredentialIssuedV1, CredentialRevokedV1, type EventPayload } from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { TalentRepository } from './repositories/talent.repository.js';

/**
 * The talent search's own read models: blocked pairs (messaging) and the students' credentials
 * (credentials), one inbox transaction each. The search rows themselves follow identity's and
 * portfolio's events through ReadModelConsumer.
 */
@Injectable()
export class TalentConsumer {
  constructor(private readonly talent: TalentRepository) {}

  @OnEvent(BlockChangedV1)
  async blockChanged({ userIds, blocked }: EventPayload<typeof BlockChangedV1>, { manager }: EventContext) {
    await this.talent.applyBlock(manager, userIds, blocked);
  }

  @OnEvent(CredentialIssuedV1)
  async credentialIssued(credential: EventPayload<typeof CredentialIssuedV1>, { manager }: EventContext) {
    await this.talent.applyCredential(manager, credential.credentialId, credential.studentId, false);
  }

  @OnEvent(CredentialRevokedV1)
  async credentialRevoked(credential: EventPayload<typeof CredentialRevokedV1>, { manager }: EventContext) {
    await this.talent.applyCredential(manager, credential.credentialId, credential.studentId, true);
  }
}
