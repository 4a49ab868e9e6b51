import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { CSRF_COOKIE } from '@projectory/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { serializeCookie } from '@projectory/platform';
import { CsrfTokens } from './csrf.js';

/** `GET /api/auth/csrf`: the token for this browser and session (API.md "Identity"). */
@Controller('api/auth/csrf')
export class CsrfController {
  constructor(
    private readonly csrf: CsrfTokens,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  token(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    let secret = request.csrfSecret;
    if (!secret) {
      secret = this.csrf.newBrowserSecret();
      const secure = this.config.PUBLIC_ORIGIN?.startsWith('https:') ?? false;
      void reply.header('set-cookie', serializeCookie(CSRF_COOKIE, secret, { secure }));
    }
    void reply.header('cache-control', 'no-store');
    return { csrfToken: this.csrf.tokenFor(secret, request.caller?.sessionId ?? null) };
  }
}
