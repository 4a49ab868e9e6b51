import { Injectable } from '@nestjs/common';
import { Periodic } from '@projectory/platform';
import type { MatchingConfig } from '../matching.config.js';
import { ResponsivenessService } from '../services/responsiveness.service.js';

/**
 * Every MATCHING_RESPONSIVENESS_SWEEP_MS (0: never), in one of the processes running jobs: the nudges
 * that are due and the response figures that time moved, whatever became of their timers (the
 * in-memory queue of the embedded mode forgets them on a restart).
 */
@Injectable()
export class ResponsivenessSweeper {
  constructor(private readonly responsiveness: ResponsivenessService) {}

  @Periodic<MatchingConfig>('matching.responsiveness-sweep', (config) => config.MATCHING_RESPONSIVENESS_SWEEP_MS)
  async sweep(): Promise<void> {
    await this.responsiveness.sweep();
  }
}
