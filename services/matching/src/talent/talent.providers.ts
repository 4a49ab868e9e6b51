import { InvitationRepository } from './repositories/invitation.repository.js';
import { PipelineRepository } from './repositories/pipeline.repository.js';
import { TalentRepository } from './repositories/talent.repository.js';
import { InvitationService } from './services/invitation.service.js';
import { PipelineService } from './services/pipeline.service.js';
import { TalentService } from './services/talent.service.js';
import { TalentConsumer } from './talent.consumer.js';
import { InvitationsController, PipelineController, TalentController } from './talent.controller.js';

/** Finding talent's part of the matching module (ADR 0022). */
export const talentControllers = [TalentController, InvitationsController, PipelineController];
export const talentProviders = [
  TalentRepository,
  InvitationRepository,
  PipelineRepository,
  TalentService,
  InvitationService,
  PipelineService,
  TalentConsumer,
];
