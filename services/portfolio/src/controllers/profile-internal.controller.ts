import { Controller, Get, Param } from '@nestjs/common';
import type { UserSkill } from '@projectory/contracts';
import { NotFoundException, UuidParamPipe } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { toUserSkill, UserSkillRepository } from '../repositories/user-skill.repository.js';

/**
 * portfolio's skills part of a candidate profile, for the gateway only (gateway/src/profile decides
 * who may see the profile): the user's whole list, in the order added.
 */
@Controller('internal/users')
export class ProfileInternalController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly userSkills: UserSkillRepository,
  ) {}

  @Get(':id/skills')
  async skills(
    @Param('id', new UuidParamPipe(() => new NotFoundException('User not found'))) id: string,
  ): Promise<UserSkill[]> {
    return (await this.userSkills.all(this.dataSource, id)).map(toUserSkill);
  }
}
