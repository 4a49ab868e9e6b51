import { NotFoundCode } from '@projectory/contracts';
import { Controller, Get, Param } from '@nestjs/common';
import type { CandidateRelation } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, notFound, UuidParamPipe } from '@projectory/platform';
import { CandidateRelationService } from '../services/candidate-relation.service.js';

/**
 * For the gateway's candidate profile only: whether the candidate applied to (or worked with) the
 * caller, answered from matching's own matches so that no client can claim it, and the reviews summary.
 */
@Controller('internal/users')
export class ProfileInternalController {
  constructor(private readonly relations: CandidateRelationService) {}

  @Get(':id/relation')
  relation(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', new UuidParamPipe(() => notFound(NotFoundCode.User))) id: string,
  ): Promise<CandidateRelation> {
    return this.relations.relation(id, caller.userId);
  }
}
