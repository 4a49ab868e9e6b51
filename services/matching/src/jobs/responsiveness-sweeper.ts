import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { LOGGER, SERVICE_CONTEXT, type ServiceContext } from '@projectory/platform';
import type { Logger } from 'pino';
import type { matchingConfig } from '../matching.config.js';
import { ResponsivenessService } from '../services/responsiveness.service.js';

/**
 * In processes running jobs, every MATCHING_RESPONSIVENESS_SWEEP_MS: the nudges that are due and the
 * response figures that time moved, whatever became of their timers (the in-memory queue of the
 * embedded mode forgets them on a restart).
 */
@Injectable()
export class ResponsivenessSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private tick?: Promise<void>;

  constructor(
    private readonly responsiveness: ResponsivenessService,
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext<typeof matchingConfig>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.context.config.MATCHING_RESPONSIVENESS_SWEEP_MS;
    if (!this.context.workers.has('jobs') || every === 0) return;
    this.timer = setInterval(() => {
      this.tick ??= this.responsiveness
        .sweep()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'responsiveness sweep failed'))
        .finally(() => (this.tick = undefined));
    }, every);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.tick;
  }
}
