import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  type Collection,
  CredentialsErrorCode,
  type CredentialSummary,
  type ListCredentialsQuery,
  listCredentialsQuerySchema,
  type OpenBadgeProfile,
  type PublicCredential,
  type RevokeCredential,
  revokeCredentialSchema,
  type UpdateCredential,
  updateCredentialSchema,
} from '@projectory/contracts';
import {
  AllowAnonymous,
  type AuthenticatedIdentity,
  Caller,
  Roles,
  UuidParamPipe,
  zodPipe,
} from '@projectory/platform';
import type { PipeTransform } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { StatusListCredential } from '../domain/status-list.js';
import { CredentialsException } from '../exceptions/credentials.exception.js';
import type { PublishedKey } from '../keys/issuer-keys.js';
import { CredentialsService } from '../services/credentials.service.js';

const credentialId = new UuidParamPipe(() => new CredentialsException(CredentialsErrorCode.CredentialNotFound));

/** A status list's id is a positive integer; anything else names no list (404, as an unknown one). */
const statusListId: PipeTransform<string, number> = {
  transform(value: string): number {
    const id = /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : 0;
    if (!id) throw new CredentialsException(CredentialsErrorCode.StatusListNotFound);
    return id;
  },
};

/** What anyone may read and any origin may fetch (verifiers run in other sites' pages too). */
function publicAnswer(reply: FastifyReply, cacheControl: string): void {
  void reply.header('cache-control', cacheControl).header('access-control-allow-origin', '*');
}

/**
 * API.md "Credentials". Public (no session, through the gateway): a credential, the issuer profile,
 * the JWKS, the status lists. Signed in: the student's own list, revoking (admins and the project's
 * employer), and whether the student's profile lists one.
 */
@Controller('api/credentials')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Get('me')
  @Roles('student')
  mine(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listCredentialsQuerySchema)) query: ListCredentialsQuery,
  ): Promise<Collection<CredentialSummary>> {
    return this.credentials.mine(caller.userId, query);
  }

  @Get('issuer')
  @AllowAnonymous()
  issuer(@Res({ passthrough: true }) reply: FastifyReply): OpenBadgeProfile {
    publicAnswer(reply, 'public, max-age=3600');
    return this.credentials.issuer();
  }

  /** Short-lived in caches: a rotation shows within minutes; retired keys stay listed. */
  @Get('jwks.json')
  @AllowAnonymous()
  jwks(@Res({ passthrough: true }) reply: FastifyReply): { keys: PublishedKey[] } {
    publicAnswer(reply, 'public, max-age=300');
    return this.credentials.jwks();
  }

  /**
   * The BitstringStatusListCredential: `{ credential, jwt }`, or the compact JWS alone for
   * `Accept: application/vc+jwt` (or `application/jwt`). Never cached: a revocation shows at once.
   */
  @Get('status/:listId')
  @AllowAnonymous()
  async statusList(
    @Param('listId', statusListId) listId: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ credential: StatusListCredential; jwt: string } | string> {
    const list = await this.credentials.statusList(listId);
    publicAnswer(reply, 'no-store');
    const accept = String(reply.request.headers.accept ?? '');
    if (/application\/(vc\+)?jwt/.test(accept)) {
      void reply.header('content-type', 'application/vc+jwt');
      return list.jwt;
    }
    return list;
  }

  /** Never cached: a revocation shows at once. */
  @Get(':id')
  @AllowAnonymous()
  async get(
    @Param('id', credentialId) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicCredential> {
    const credential = await this.credentials.get(id);
    publicAnswer(reply, 'no-store');
    return credential;
  }

  @Post(':id/revoke')
  @HttpCode(200)
  revoke(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', credentialId) id: string,
    @Body(zodPipe(revokeCredentialSchema)) body: RevokeCredential,
  ): Promise<PublicCredential> {
    return this.credentials.revoke(caller, id, body.reason);
  }

  @Patch(':id')
  update(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', credentialId) id: string,
    @Body(zodPipe(updateCredentialSchema)) body: UpdateCredential,
  ): Promise<CredentialSummary> {
    return this.credentials.setPublic(caller, id, body.public);
  }
}
