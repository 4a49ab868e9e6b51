import { Inject, Injectable } from '@nestjs/common';
import {
  type Collection,
  CredentialNotificationKind,
  CredentialRevokedV1,
  CredentialsErrorCode,
  type CredentialSummary,
  credentialPath,
  type ListCredentialsQuery,
  type OpenBadgeProfile,
  type PublicCredential,
} from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  decodeCursor,
  newestFirstPosition,
  OutboxService,
  SERVICE_CONFIG,
  UserNotifier,
} from '@projectory/platform';
import { DataSource } from 'typeorm';
import type { CredentialsConfig } from '../credentials.config.js';
import { CredentialUrls, xsdDateTime } from '../domain/open-badge.js';
import { encodeStatusList, type StatusListCredential, statusListCredential } from '../domain/status-list.js';
import { CredentialsException } from '../exceptions/credentials.exception.js';
import { IssuerKeys, type PublishedKey } from '../keys/issuer-keys.js';
import { CredentialRepository } from '../repositories/credential.repository.js';
import { StatusListRepository } from '../repositories/status-list.repository.js';

const notFound = () => new CredentialsException(CredentialsErrorCode.CredentialNotFound);

/** Reading, listing, publishing and revoking credentials (API.md "Credentials"). */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly credentials: CredentialRepository,
    private readonly statusLists: StatusListRepository,
    private readonly keys: IssuerKeys,
    private readonly urls: CredentialUrls,
    private readonly outbox: OutboxService,
    private readonly notifier: UserNotifier,
    @Inject(SERVICE_CONFIG) private readonly config: CredentialsConfig,
  ) {}

  /** The issuer's OB3 Profile: its id is its own URL. */
  issuer(): OpenBadgeProfile {
    return {
      id: this.urls.issuer,
      type: ['Profile'],
      name: this.config.CREDENTIALS_ISSUER_NAME,
      url: this.urls.origin,
    };
  }

  jwks(): { keys: PublishedKey[] } {
    return this.keys.jwks;
  }

  async get(id: string): Promise<PublicCredential> {
    return (await this.credentials.publicCredential(this.dataSource, id)) ?? Promise.reject(notFound());
  }

  mine(studentId: string, query: ListCredentialsQuery): Promise<Collection<CredentialSummary>> {
    const after = decodeCursor(query.cursor, newestFirstPosition);
    return this.credentials.listOwn(this.dataSource, this.urls.origin, studentId, query.limit, after);
  }

  /** What a candidate profile lists: the student's public credentials that stand. */
  publicActive(studentId: string): Promise<CredentialSummary[]> {
    return this.credentials.publicActive(this.dataSource, this.urls.origin, studentId);
  }

  /** A status list as a BitstringStatusListCredential, signed now as a VC-JWT. */
  async statusList(listId: number): Promise<{ credential: StatusListCredential; jwt: string }> {
    const list = await this.statusLists.bits(this.dataSource, listId);
    if (!list) throw new CredentialsException(CredentialsErrorCode.StatusListNotFound);
    const url = this.urls.statusList(listId);
    const now = new Date();
    const credential = statusListCredential(url, this.urls.issuer, await encodeStatusList(list.bits), xsdDateTime(now));
    const seconds = Math.floor(now.getTime() / 1000);
    const jwt = await this.keys.sign({
      iss: this.urls.issuer,
      sub: `${url}#list`,
      jti: url,
      iat: seconds,
      nbf: seconds,
      vc: credential,
    });
    return { credential, jwt };
  }

  /**
   * Admins and the project's employer revoke, with a reason (anyone else: 404); the status list's bit
   * is set in the same transaction, so the list and `GET /api/credentials/:id` say so at once.
   */
  async revoke(caller: AuthenticatedIdentity, id: string, reason: string): Promise<PublicCredential> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.credentials.lock(manager, id);
      if (!row || (caller.role !== 'admin' && row.employer_id !== caller.userId)) throw notFound();
      if (row.revoked_at) throw new CredentialsException(CredentialsErrorCode.AlreadyRevoked);
      const revokedAt = await this.credentials.revoke(manager, id, caller.userId, reason);
      await this.statusLists.setBit(manager, row.status_list_id, row.status_index);
      await this.outbox.add(manager, CredentialRevokedV1, id, {
        credentialId: id,
        matchId: row.match_id,
        studentId: row.student_id,
        employerId: row.employer_id,
        revokedBy: caller.userId,
        reason,
        revokedAt: revokedAt.toISOString(),
      });
      await this.notifier.notify(manager, row.student_id, {
        kind: CredentialNotificationKind.Revoked,
        title: 'A credential of yours was revoked',
        body: reason,
        link: credentialPath(id),
      });
    });
    return this.get(id);
  }

  /** The student chooses whether their profile lists it (anyone else: 404). */
  async setPublic(caller: AuthenticatedIdentity, id: string, isPublic: boolean): Promise<CredentialSummary> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.credentials.lock(manager, id);
      if (!row || row.student_id !== caller.userId) throw notFound();
      await this.credentials.setPublic(manager, id, isPublic);
    });
    return (await this.credentials.summary(this.dataSource, this.urls.origin, id))!;
  }
}
