import { Body, Controller, Param, Patch } from '@nestjs/common';
import {
  type AdminProjectChange,
  type ModerateProjectInput,
  moderateProjectSchema,
  ProjectsErrorCode,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, Roles, UuidParamPipe, zodPipe } from '@projectory/platform';
import { ProjectsException } from '../exceptions/projects.exception.js';
import { ProjectModerationService } from '../services/project-moderation.service.js';

/**
 * For the gateway only (never forwarded from outside): `PATCH /api/admin/projects/:id` is applied here,
 * by the owner of projects, admins only. The admin service audits it from ProjectModerated, not from here.
 */
@Controller('internal/admin/projects')
@Roles('admin')
export class AdminProjectsController {
  constructor(private readonly moderation: ProjectModerationService) {}

  @Patch(':id')
  moderate(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', new UuidParamPipe(() => new ProjectsException(ProjectsErrorCode.ProjectNotFound))) id: string,
    @Body(zodPipe(moderateProjectSchema)) body: ModerateProjectInput,
  ): Promise<AdminProjectChange> {
    return this.moderation.moderate(caller, id, body);
  }
}
