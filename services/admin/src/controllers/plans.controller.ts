import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { type CreateUpgradeRequestInput, createUpgradeRequestSchema, type UpgradeRequest } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, Roles, zodPipe } from '@projectory/platform';
import { UpgradeRequestService } from '../services/upgrade-request.service.js';

/**
 * `POST /api/plans/upgrade-requests`: students and employers ask the admins for a higher plan;
 * `GET /api/plans/upgrade-requests/me`: the caller's open request or null, so /plans shows it after a reload.
 */
@Controller('api/plans')
export class PlansController {
  constructor(private readonly requests: UpgradeRequestService) {}

  @Post('upgrade-requests')
  @Roles('student', 'employer')
  @HttpCode(202)
  request(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(createUpgradeRequestSchema)) body: CreateUpgradeRequestInput,
  ): Promise<UpgradeRequest> {
    return this.requests.create(caller, body);
  }

  /** Any signed-in user (an admin has none: null); only the caller's own request, never another's. */
  @Get('upgrade-requests/me')
  mine(@Caller() caller: AuthenticatedIdentity): Promise<UpgradeRequest | null> {
    return this.requests.openOf(caller);
  }
}
