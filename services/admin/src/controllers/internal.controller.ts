import { Body, Controller, Post } from '@nestjs/common';
import {
  type AdminProject,
  type AdminProjectChange,
  adminProjectChangeSchema,
  type AdminUser,
  type AdminUserChange,
  adminUserChangeSchema,
} from '@projectory/contracts';
import { Roles, zodPipe } from '@projectory/platform';
import { AdminActionService } from '../services/admin-action.service.js';

/**
 * Routes for the gateway only (it never forwards a public path under /internal): after identity or
 * projects applied an admin's action, the gateway hands their answer over, so the audit row and the
 * read model show it before the admin's next read. The owners' events record the same change again
 * (once in effect) should this call never come.
 */
@Controller('internal')
@Roles('admin')
export class InternalController {
  constructor(private readonly actions: AdminActionService) {}

  @Post('user-changes')
  userChanged(@Body(zodPipe(adminUserChangeSchema)) body: AdminUserChange): Promise<AdminUser> {
    return this.actions.userChanged(body);
  }

  @Post('project-moderations')
  projectModerated(@Body(zodPipe(adminProjectChangeSchema)) body: AdminProjectChange): Promise<AdminProject> {
    return this.actions.projectModerated(body);
  }
}
