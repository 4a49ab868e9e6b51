import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { type Collection, type UserSkill, updateUserSkillSchema } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, zodPipe } from '@projectory/platform';
import type { z } from 'zod';
import {
  type AddUserSkillBody,
  AddUserSkillPipe,
  type ListUserSkillsQuery,
  listUserSkillsQuery,
  userSkillId,
} from '../dtos/skills.dto.js';
import { UserSkillService } from '../services/user-skill.service.js';

/** The signed-in user's own skills (API.md "Skills"). Another user's skill id is 404. */
@Controller('api/users/me/skills')
export class UserSkillsController {
  constructor(private readonly userSkills: UserSkillService) {}

  @Get()
  list(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listUserSkillsQuery)) query: ListUserSkillsQuery,
  ): Promise<Collection<UserSkill>> {
    return this.userSkills.list(caller.userId, query);
  }

  @Post()
  add(
    @Caller() caller: AuthenticatedIdentity,
    @Body(new AddUserSkillPipe()) body: AddUserSkillBody,
  ): Promise<UserSkill> {
    return this.userSkills.add(caller.userId, body);
  }

  @Patch(':id')
  changeLevel(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', userSkillId) id: string,
    @Body(zodPipe(updateUserSkillSchema)) body: z.infer<typeof updateUserSkillSchema>,
  ): Promise<UserSkill> {
    return this.userSkills.changeLevel(caller.userId, id, body.proficiencyLevel);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Caller() caller: AuthenticatedIdentity, @Param('id', userSkillId) id: string): Promise<void> {
    await this.userSkills.remove(caller.userId, id);
  }
}
