import { Controller, Get, Param } from '@nestjs/common';
import { type CredentialSummary, NotFoundCode } from '@projectory/contracts';
import { notFound, UuidParamPipe } from '@projectory/platform';
import { CredentialsService } from '../services/credentials.service.js';

/**
 * For the gateway's candidate profile only (ProfileInternalPaths.credentials): the student's public,
 * active credentials. Who may see the profile is the gateway's decision (from matching's answer).
 */
@Controller('internal/users')
export class InternalController {
  constructor(private readonly credentials: CredentialsService) {}

  @Get(':id/credentials')
  credentialsOf(
    @Param('id', new UuidParamPipe(() => notFound(NotFoundCode.User))) id: string,
  ): Promise<CredentialSummary[]> {
    return this.credentials.publicActive(id);
  }
}
