import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { AllowAnonymous, zodPipe } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OIDC_CALLBACK_PATH, OidcService } from '../services/oidc.service.js';
import { SessionService, sessionToken } from '../services/session.service.js';

const loginQuery = z.object({
  signup: z.enum(['true', 'false']).optional(),
  role: z.enum(['student', 'employer']).default('student'),
});

/** Whole-page navigations (API.md "Identity"): sign-in entry, provider callback, sign-out link. */
@Controller()
export class BrowserRedirectsController {
  constructor(
    private readonly oidc: OidcService,
    private readonly sessions: SessionService,
  ) {}

  /** To the provider when one is configured, else to our own forms. */
  @AllowAnonymous()
  @Get('api/login')
  async login(
    @Query(zodPipe(loginQuery)) query: z.infer<typeof loginQuery>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const signup = query.signup === 'true';
    if (!this.oidc.enabled) return this.redirect(reply, signup ? '/signup' : '/login');
    try {
      return this.redirect(reply, await this.oidc.start(query.role, request, reply));
    } catch {
      return this.redirect(reply, `${signup ? '/signup' : '/login'}?error=provider_unavailable`);
    }
  }

  @AllowAnonymous()
  @Get(OIDC_CALLBACK_PATH.slice(1))
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    try {
      await this.oidc.finish(request, reply);
      return this.redirect(reply, '/');
    } catch {
      return this.redirect(reply, '/login?error=provider_failed');
    }
  }

  @AllowAnonymous()
  @Get('api/logout')
  async logout(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const token = sessionToken(request);
    if (token) await this.sessions.revokeByToken(token);
    this.sessions.clearCookie(reply, request);
    return this.redirect(reply, '/');
  }

  private redirect(reply: FastifyReply, location: string): void {
    void reply.header('cache-control', 'no-store').redirect(location, 302);
  }
}
