import { Body, Controller, Get, HttpCode, Patch, Post, Put, Req, Res } from '@nestjs/common';
import {
  changePasswordSchema,
  type Onboarding,
  onboardingSchema,
  updateProfileSchema,
  type User,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, zodPipe } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { UserService } from '../services/user.service.js';

/** The signed-in user's own account: profile, password and onboarding record. */
@Controller('api')
export class UsersController {
  constructor(private readonly users: UserService) {}

  @Patch('users/me')
  updateProfile(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(updateProfileSchema)) body: z.infer<typeof updateProfileSchema>,
  ): Promise<User> {
    return this.users.updateProfile(caller.userId, body);
  }

  /** Signs the user out everywhere and gives this browser a new session. */
  @Post('users/me/password')
  @HttpCode(200)
  async changePassword(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(changePasswordSchema)) body: z.infer<typeof changePasswordSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: User }> {
    return { user: await this.users.changePassword(caller.userId, body, request, reply) };
  }

  @Get('onboarding')
  onboarding(@Caller() caller: AuthenticatedIdentity): Promise<Onboarding> {
    return this.users.onboarding(caller.userId);
  }

  @Put('onboarding')
  saveOnboarding(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(onboardingSchema)) body: z.infer<typeof onboardingSchema>,
  ): Promise<Onboarding> {
    return this.users.saveOnboarding(caller.userId, body);
  }
}
