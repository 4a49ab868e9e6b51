import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { type AvatarChange, type PublicUser, setAvatarSchema, NotFoundCode } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, notFound, UuidParamPipe, zodPipe } from '@projectory/platform';
import type { z } from 'zod';
import { UserService } from '../services/user.service.js';

const userId = new UuidParamPipe(() => notFound(NotFoundCode.User));

/**
 * identity's parts of the candidate profile and of the avatar change, for the gateway only (it never
 * forwards a public path under /internal; gateway/src/profile decides who may see a profile).
 */
@Controller('internal/users')
export class ProfileInternalController {
  constructor(private readonly users: UserService) {}

  @Get(':id/public')
  publicUser(@Param('id', userId) id: string): Promise<PublicUser> {
    return this.users.publicProfile(id);
  }

  /** Called once portfolio has handed the caller's finished avatar upload over (POST /internal/uploads/:id/take). */
  @Put('me/avatar')
  setAvatar(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(setAvatarSchema)) body: z.infer<typeof setAvatarSchema>,
  ): Promise<AvatarChange> {
    return this.users.setAvatar(caller.userId, body.uploadId);
  }
}
