import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { LOGGER, SERVICE_CONTEXT, type ServiceContext } from '@projectory/platform';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { portfolioConfig } from '../portfolio.config.js';
import { UploadRepository } from '../repositories/upload.repository.js';
import { UploadService } from './upload.service.js';
import { TusUploads } from './tus-uploads.js';

const BATCH = 200;

/**
 * Removes uploads left unused past UPLOAD_EXPIRY_MS (24 h): unfinished ones, and finished ones nothing
 * took. Runs every UPLOAD_SWEEP_MS in processes running jobs; replicas split the work (SKIP LOCKED).
 * Then tus's own sweep, for staged files whose record is gone (a removal that failed).
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private tick?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: UploadRepository,
    private readonly service: UploadService,
    private readonly tus: TusUploads,
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext<typeof portfolioConfig>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.context.config.UPLOAD_SWEEP_MS;
    if (!this.context.workers.has('jobs') || every === 0) return;
    this.timer = setInterval(() => {
      this.tick ??= this.sweep()
        .then((removed) => {
          if (removed > 0) this.logger.info({ removed }, 'expired uploads removed');
        })
        .catch((error: unknown) => this.logger.warn({ err: error }, 'sweeping expired uploads failed'))
        .finally(() => (this.tick = undefined));
    }, every);
    this.timer.unref();
  }

  /** Removes every expired upload now; returns how many. */
  async sweep(): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows = await this.dataSource.transaction((manager) => this.uploads.discardExpired(manager, BATCH));
      for (const row of rows) await this.service.removeBytes(row);
      removed += rows.length;
      if (rows.length < BATCH) break;
    }
    await this.tus.server.cleanUpExpiredUploads();
    return removed;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.tick;
  }
}
