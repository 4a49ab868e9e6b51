import { Body, Controller, Post } from '@nestjs/common';
import {
  type AdminAuditEntry,
  type DeadLetterReplay,
  type DeadLetterReplayFailure,
  deadLetterReplayFailureSchema,
  deadLetterReplaySchema,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, Roles, zodPipe } from '@projectory/platform';
import { AdminActionService } from '../services/admin-action.service.js';

/**
 * Routes for the gateway only (it never forwards a public path under /internal): the audit rows of the
 * dead-letter replays an admin made in another service. The admin actions on users and projects have
 * no route here: this service records them from their owners' events (ReadModelConsumer).
 */
@Controller('internal')
@Roles('admin')
export class InternalController {
  constructor(private readonly actions: AdminActionService) {}

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
}
