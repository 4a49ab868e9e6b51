import { Inject, Injectable } from '@nestjs/common';
import { IdentityErrorCode } from '@projectory/contracts';
import { LOGGER, parseCookies, SERVICE_CONFIG, serializeCookie, type ServiceConfig } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { IdentityException } from '../exceptions/identity.exception.js';
import type { IdentityConfig } from '../identity.config.js';
import { UserRepository } from '../repositories/user.repository.js';
import { SessionService } from './session.service.js';
import { SignedCookie } from './signed-cookie.js';
import { normalizeEmail, UserService } from './user.service.js';

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
const STATE_COOKIE = 'pj_oidc';
const STATE_TTL_SECONDS = 600;

/** What survives the round trip to the provider, in a signed, short-lived HttpOnly cookie. */
const pendingSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  role: z.enum(['student', 'employer']),
  exp: z.number(),
});
type Pending = z.infer<typeof pendingSchema>;

/**
 * Optional OpenID Connect sign-in (authorization code + PKCE, openid-client): on when OIDC_ISSUER,
 * OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. The callback signs in the account linked to the
 * provider's subject, links an account with the same verified e-mail, or creates one with the role
 * chosen on the sign-up page.
 */
@Injectable()
export class OidcService {
  private configuration?: Promise<oidc.Configuration>;
  private readonly stateCookie: SignedCookie<Pending>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserService,
    private readonly userRows: UserRepository,
    private readonly sessions: SessionService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig & ServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.stateCookie = new SignedCookie(config.INTERNAL_SECRET, 'oidc-state', pendingSchema);
  }

  get enabled(): boolean {
    return Boolean(this.config.OIDC_ISSUER && this.config.OIDC_CLIENT_ID && this.config.OIDC_CLIENT_SECRET);
  }

  get providerName(): string {
    return this.config.OIDC_PROVIDER_NAME;
  }

  private get redirectUri(): string {
    return new URL(OIDC_CALLBACK_PATH, this.config.PUBLIC_ORIGIN).toString();
  }

  /** Discovery once, retried on the next sign-in if the provider was unreachable. */
  private client(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.config.OIDC_ISSUER!),
        this.config.OIDC_CLIENT_ID!,
        this.config.OIDC_CLIENT_SECRET!,
        undefined,
        // Plain http only for a provider on this machine (development and tests).
        new URL(this.config.OIDC_ISSUER!).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  /** The provider's authorization URL; the state, nonce and PKCE verifier go into a signed cookie. */
  async start(role: Pending['role'], request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const client = await this.client();
    const pending: Pending = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      role,
      exp: Date.now() + STATE_TTL_SECONDS * 1000,
    };
    this.setStateCookie(reply, request, this.stateCookie.sign(pending), STATE_TTL_SECONDS);
    return oidc
      .buildAuthorizationUrl(client, {
        redirect_uri: this.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      })
      .toString();
  }

  /** Finishes the sign-in and starts a session; throws OIDC_FAILED for anything off. */
  async finish(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const pending = this.stateCookie.verify(parseCookies(request.headers.cookie)[STATE_COOKIE]);
    this.setStateCookie(reply, request, '', 0);
    if (!pending) throw new IdentityException(IdentityErrorCode.OidcFailed);
    let idToken: oidc.IDToken;
    let claims: Record<string, unknown>;
    try {
      const client = await this.client();
      const currentUrl = new URL(request.url, this.config.PUBLIC_ORIGIN);
      const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      idToken = tokens.claims()!;
      // In the code flow the e-mail and profile claims come from the UserInfo endpoint (OpenID Connect
      // Core 5.4); many providers leave them out of the ID Token. UserInfo must be about the same subject.
      const userInfo = client.serverMetadata().userinfo_endpoint
        ? await oidc.fetchUserInfo(client, tokens.access_token, idToken.sub)
        : {};
      claims = { ...idToken, ...userInfo };
    } catch (error) {
      this.logger.warn({ err: error }, 'OpenID Connect sign-in failed');
      throw new IdentityException(IdentityErrorCode.OidcFailed);
    }
    if (typeof claims.email !== 'string') throw new IdentityException(IdentityErrorCode.OidcFailed);
    const identity = {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: normalizeEmail(claims.email),
      emailVerified: claims.email_verified === true,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
      lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
    };
    await this.dataSource.transaction(async (manager) => {
      let user =
        (await this.userRows.findByOidcSubject(manager, identity.issuer, identity.subject)) ??
        (await this.userRows.findByEmail(manager, identity.email));
      const linked = user?.oidc_issuer === identity.issuer && user.oidc_subject === identity.subject;
      // Linking or creating an account by e-mail needs the provider to vouch for the mailbox: otherwise
      // anyone could take over, or squat, an address that is not theirs.
      if (!linked && !identity.emailVerified) throw new IdentityException(IdentityErrorCode.OidcFailed);
      if (user && !linked) {
        if (user.oidc_subject) throw new IdentityException(IdentityErrorCode.OidcFailed);
        user = await this.userRows.linkOidc(manager, user.id, identity.issuer, identity.subject);
      }
      user ??= await this.users.insert(manager, {
        email: identity.email,
        passwordHash: null,
        firstName: identity.firstName || identity.email.split('@')[0]!,
        lastName: identity.lastName,
        role: this.users.isAdminEmail(identity.email) ? 'admin' : pending.role,
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
      });
      if (user.suspended_at) throw new IdentityException(IdentityErrorCode.AccountSuspended);
      user = await this.users.promoteIfAdmin(manager, user);
      await this.sessions.start(manager, user.id, false, request, reply);
    });
  }

  private setStateCookie(reply: FastifyReply, request: FastifyRequest, value: string, maxAgeSeconds: number): void {
    void reply.header(
      'set-cookie',
      serializeCookie(STATE_COOKIE, value, { secure: this.sessions.isSecure(request), maxAgeSeconds }),
    );
  }
}
