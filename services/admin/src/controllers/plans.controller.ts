import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { type CreateUpgradeRequestInput, createUpgradeRequestSchema, type UpgradeRequest } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, Roles, zodPipe } from '@projectory/platform';
import { UpgradeRequestService } from '../services/upgrade-request.service.js';

/** `POST /api/plans/upgrade-requests`: students and employers ask the admins for a higher plan. */
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
}
