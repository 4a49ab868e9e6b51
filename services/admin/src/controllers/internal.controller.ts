import { Body, Controller, Post } from '@nestjs/common';
import {
  type AdminAuditEntry,
  type AdminProject,
  type AdminProjectChange,
  adminProjectChangeSchema,
  type AdminUser,
  type AdminUserChange,
  adminUserChangeSchema,
  type DeadLetterReplay,
  type DeadLetterReplayFailure,
  deadLetterReplayFailureSchema,
  deadLetterReplaySchema,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, Roles, zodPipe } from '@projectory/platform';
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

  /** A dead letter another service replayed for this admin (gateway/src/admin/dead-letters.controller.ts). */
  @Post('dead-letter-replays')
  deadLetterReplayed(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(deadLetterReplaySchema)) body: DeadLetterReplay,
  ): Promise<AdminAuditEntry> {
    return this.actions.deadLetterReplayed(caller.userId, body);
  }

  /** A replay the other service refused with 422 (its consumer failed again): audited with the error. */
  @Post('dead-letter-replay-failures')
  deadLetterReplayFailed(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(deadLetterReplayFailureSchema)) body: DeadLetterReplayFailure,
  ): Promise<AdminAuditEntry> {
    return this.actions.deadLetterReplayFailed(caller.userId, body);
  }

  @Post('project-moderations')
  projectModerated(@Body(zodPipe(adminProjectChangeSchema)) body: AdminProjectChange): Promise<AdminProject> {
    return this.actions.projectModerated(body);
  }
}
