import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Periodic } from '@projectory/platform';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { PortfolioConfig } from '../portfolio.config.js';
import { UploadRepository } from '../repositories/upload.repository.js';
import { UploadService } from './upload.service.js';
import { TusUploads } from './tus-uploads.js';

const BATCH = 200;

/**
 * Removes uploads left unused past UPLOAD_EXPIRY_MS (24 h): unfinished ones, and finished ones nothing
 * took. Runs every UPLOAD_SWEEP_MS (0: never) in one of the processes running jobs (`@Periodic`).
 * Then tus's own sweep, for staged files whose record is gone (a removal that failed).
 */
@Injectable()
export class UploadSweeper {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: UploadRepository,
    private readonly service: UploadService,
    private readonly tus: TusUploads,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Removes every expired upload now; returns how many. */
  @Periodic<PortfolioConfig>('portfolio.upload-sweep', (config) => config.UPLOAD_SWEEP_MS)
  async sweep(): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows = await this.dataSource.transaction((manager) => this.uploads.discardExpired(manager, BATCH));
      for (const row of rows) await this.service.removeBytes(row);
      removed += rows.length;
      if (rows.length < BATCH) break;
    }
    await this.tus.server.cleanUpExpiredUploads();
    if (removed > 0) this.logger.info({ removed }, 'expired uploads removed');
    return removed;
  }
}
