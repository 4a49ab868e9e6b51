import { Body, Controller, Param, Patch } from '@nestjs/common';
import {
  type AdminUserChange,
  type UpdateAdminUserInput,
  updateAdminUserSchema,
  NotFoundCode,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, notFound, Roles, UuidParamPipe, zodPipe } from '@projectory/platform';
import { UserAdminService } from '../services/user-admin.service.js';

/**
 * For the gateway only (never forwarded from outside): `PATCH /api/admin/users/:id` is applied here, by
 * the owner of accounts, admins only. The admin service audits it from UserAdminChanged, not from here.
 */
@Controller('internal/admin/users')
@Roles('admin')
export class AdminUsersController {
  constructor(private readonly admin: UserAdminService) {}

  @Patch(':id')
  update(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', new UuidParamPipe(() => notFound(NotFoundCode.User))) id: string,
    @Body(zodPipe(updateAdminUserSchema)) body: UpdateAdminUserInput,
  ): Promise<AdminUserChange> {
    return this.admin.apply(caller, id, body);
  }
}
