import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { NotFoundCode, type NotFoundCodeValue, type UserSkill } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, notFound, UuidParamPipe } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { toUserSkill, UserSkillRepository } from '../repositories/user-skill.repository.js';
import { UploadRepository } from '../repositories/upload.repository.js';
import { UploadService } from '../uploads/upload.service.js';

const byId = (code: NotFoundCodeValue) => new UuidParamPipe(() => notFound(code));

/**
 * portfolio's parts of the candidate profile and of the avatar change, for the gateway only
 * (gateway/src/profile decides who may see a profile).
 */
@Controller('internal/users')
export class ProfileInternalController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly userSkills: UserSkillRepository,
    private readonly uploadRecords: UploadRepository,
    private readonly uploads: UploadService,
  ) {}

  /** The user's whole skill list, in the order added. */
  @Get(':id/skills')
  async skills(@Param('id', byId(NotFoundCode.User)) id: string): Promise<UserSkill[]> {
    return (await this.userSkills.all(this.dataSource, id)).map(toUserSkill);
  }

  /** The caller's replaced avatar goes (record and file); anything but the caller's own avatar upload is 404. */
  @Delete('me/avatars/:uploadId')
  @HttpCode(204)
  async discardAvatar(
    @Caller() caller: AuthenticatedIdentity,
    @Param('uploadId', byId(NotFoundCode.Upload)) uploadId: string,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const upload = await this.uploadRecords.find(manager, uploadId);
      if (upload?.owner_id !== caller.userId || upload.purpose !== 'avatar') throw notFound(NotFoundCode.Upload);
      await this.uploads.discard(manager, uploadId);
    });
  }
}
