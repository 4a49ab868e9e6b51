import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CredentialIssuedV1, CredentialNotificationKind, credentialPath } from '@projectory/contracts';
import { OutboxService, SERVICE_CONFIG, UserNotifier } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import type { CredentialsConfig } from '../credentials.config.js';
import {
  achievementTypeOf,
  CredentialUrls,
  employerName,
  type MatchCompleted,
  newIdentitySalt,
  openBadgeCredential,
  recipientName,
  wholeSeconds,
} from '../domain/open-badge.js';
import { STATUS_LIST_SIZE } from '../domain/status-list.js';
import { IssuerKeys } from '../keys/issuer-keys.js';
import { CredentialRepository } from '../repositories/credential.repository.js';
import { StatusListRepository } from '../repositories/status-list.repository.js';

/**
 * Issues the credential a completed match earns (API.md "Credentials"): an entry in a status list, the
 * OB3 credential (the student named by a salted hash), its VC-JWT signed with the current key, stored
 * with the `kid` and, outside the signature, the student's name and the hash's salt; then
 * CredentialIssuedV1 and the student's notification, all in the caller's transaction.
 */
@Injectable()
export class IssuanceService {
  constructor(
    private readonly credentials: CredentialRepository,
    private readonly statusLists: StatusListRepository,
    private readonly keys: IssuerKeys,
    private readonly urls: CredentialUrls,
    private readonly outbox: OutboxService,
    private readonly notifier: UserNotifier,
    @Inject(SERVICE_CONFIG) private readonly config: CredentialsConfig,
  ) {}

  /**
   * One credential per match: a completion delivered again finds it under the allocation lock (and takes
   * no status entry); `credentials_match_key` stays the rule. Returns the new credential's id, or null.
   */
  async issue(manager: EntityManager, completed: MatchCompleted, now = new Date()): Promise<string | null> {
    await this.statusLists.lockAllocation(manager);
    if (await this.credentials.issuedFor(manager, completed.matchId)) return null;
    const { listId, index } = await this.statusLists.allocate(manager, STATUS_LIST_SIZE);
    const id = randomUUID();
    const issuedAt = wholeSeconds(now);
    const identitySalt = newIdentitySalt();
    const credential = openBadgeCredential(this.urls, {
      id,
      issuedAt,
      issuerName: this.config.CREDENTIALS_ISSUER_NAME,
      statusListId: listId,
      statusIndex: index,
      identitySalt,
      completed,
    });
    const seconds = issuedAt.getTime() / 1000;
    const jwt = await this.keys.sign({
      iss: this.urls.issuer,
      sub: credential.credentialSubject.id,
      jti: credential.id,
      nbf: seconds,
      iat: seconds,
      vc: credential,
    });
    const achievementType = achievementTypeOf(completed.project.exchangeType);
    const inserted = await this.credentials.insert(manager, {
      id,
      matchId: completed.matchId,
      projectId: completed.projectId,
      studentId: completed.studentId,
      employerId: completed.employerId,
      title: credential.name,
      company: completed.employer.company?.trim() || null,
      achievementType,
      skills: completed.skills,
      statusListId: listId,
      statusIndex: index,
      credential,
      jwt,
      kid: this.keys.kid,
      issuedAt,
      recipientName: recipientName(completed) || null,
      recipientSalt: identitySalt,
    });
    if (!inserted) return null;
    await this.outbox.add(manager, CredentialIssuedV1, id, {
      credentialId: id,
      matchId: completed.matchId,
      projectId: completed.projectId,
      studentId: completed.studentId,
      employerId: completed.employerId,
      achievementType,
      kid: this.keys.kid,
      issuedAt: issuedAt.toISOString(),
    });
    await this.notifier.notify(manager, completed.studentId, {
      kind: CredentialNotificationKind.Issued,
      title: 'You earned a credential',
      body: `${credential.name}: a verifiable credential from ${employerName(completed)}`,
      link: credentialPath(id),
    });
    return id;
  }
}
