import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema, signupSchema, type User } from '@projectory/contracts';
import { AllowAnonymous, type AuthenticatedIdentity, Caller, zodPipe } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { OidcService } from '../services/oidc.service.js';
import { PasswordResetService } from '../services/password-reset.service.js';
import { SessionService, sessionToken } from '../services/session.service.js';
import { UserService } from '../services/user.service.js';

/** Accounts and sessions (API.md "Identity"). CSRF and rate limits per IP are the gateway's. */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly resets: PasswordResetService,
    private readonly oidc: OidcService,
  ) {}

  @AllowAnonymous()
  @Post('signup')
  async signup(
    @Body(zodPipe(signupSchema)) body: z.infer<typeof signupSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: User }> {
    return { user: await this.users.signup(body, request, reply) };
  }

  @AllowAnonymous()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body(zodPipe(loginSchema)) body: z.infer<typeof loginSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: User }> {
    return { user: await this.users.login(body, request, reply) };
  }

  @AllowAnonymous()
  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const token = sessionToken(request);
    if (token) await this.sessions.revokeByToken(token);
    this.sessions.clearCookie(reply, request);
  }

  @Get('user')
  async user(@Caller() caller: AuthenticatedIdentity): Promise<User> {
    return this.users.profile(caller.userId);
  }

  /** Which sign-in buttons the login and sign-up pages show. */
  @AllowAnonymous()
  @Get('providers')
  providers(): { oidc: { name: string } | null } {
    return { oidc: this.oidc.enabled ? { name: this.oidc.providerName } : null };
  }

  @AllowAnonymous()
  @Post('forgot-password')
  @HttpCode(202)
  async forgotPassword(
    @Body(zodPipe(forgotPasswordSchema)) body: z.infer<typeof forgotPasswordSchema>,
    @Req() request: FastifyRequest,
  ): Promise<{ status: 'sent' }> {
    await this.resets.request(body.email, request);
    return { status: 'sent' };
  }

  @AllowAnonymous()
  @Post('reset-password')
  @HttpCode(204)
  async resetPassword(@Body(zodPipe(resetPasswordSchema)) body: z.infer<typeof resetPasswordSchema>): Promise<void> {
    await this.resets.reset(body.token, body.password);
  }
}
