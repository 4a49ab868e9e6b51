import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  type AdminVerificationChange,
  adminVerificationQuerySchema,
  type AdminVerificationRequest,
  adminVerificationSchema,
  type Collection,
  EMPLOYER_VERIFICATION_PATH,
  type EmployerVerification,
  NotFoundCode,
  type VerificationRequest,
  verificationRequestSchema,
} from '@projectory/contracts';
import {
  AllowAnonymous,
  type AuthenticatedIdentity,
  Caller,
  notFound,
  Roles,
  UuidParamPipe,
  zodPipe,
} from '@projectory/platform';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { VerificationService } from '../services/verification.service.js';

/** API.md "Trust and safety": employers verify their company; admins decide registrations. */
@Controller('api')
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  @Post('employers/me/verification')
  @Roles('employer')
  @HttpCode(202)
  request(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(verificationRequestSchema)) body: VerificationRequest,
  ): Promise<EmployerVerification> {
    return this.verification.request(caller, body);
  }

  @Get('employers/me/verification')
  @Roles('employer')
  mine(@Caller() caller: AuthenticatedIdentity): Promise<EmployerVerification> {
    return this.verification.get(caller.userId);
  }

  /** The link in the mail, opened in a browser (no session needed): 302 to the web app's verification page. */
  @AllowAnonymous()
  @Get('employers/verification/confirm')
  async confirm(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const result = await this.verification.confirm(typeof token === 'string' ? token : undefined);
    void reply.header('cache-control', 'no-store').redirect(`${EMPLOYER_VERIFICATION_PATH}?result=${result}`, 302);
  }

  @Get('admin/employers/verification')
  @Roles('admin')
  queue(
    @Query(zodPipe(adminVerificationQuerySchema)) query: z.infer<typeof adminVerificationQuerySchema>,
  ): Promise<Collection<AdminVerificationRequest>> {
    return this.verification.list(query);
  }

  @Patch('admin/employers/:id/verification')
  @Roles('admin')
  decide(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', new UuidParamPipe(() => notFound(NotFoundCode.User))) id: string,
    @Body(zodPipe(adminVerificationSchema)) body: AdminVerificationChange,
  ): Promise<EmployerVerification> {
    return this.verification.decide(caller, id, body);
  }
}
