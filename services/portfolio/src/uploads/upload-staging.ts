import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { localFilesDir } from '@projectory/platform';
import type { PortfolioConfig } from '../portfolio.config.js';

/**
 * The directory where tus stages uploads while their bytes arrive: `<id>` holds the bytes and
 * `<id>.json` tus's record of the upload (size, metadata), so an upload resumes after a restart.
 */
export class UploadStaging {
  constructor(readonly dir: string) {}

  static fromConfig(config: Partial<PortfolioConfig>, cwd: string = process.cwd()): UploadStaging {
    return new UploadStaging(resolve(cwd, config.UPLOAD_STAGING_DIR ?? join(localFilesDir(config, cwd), '.staging')));
  }

  /** The staged bytes of upload `id` (a UUID, checked by the caller). */
  bytesPath(id: string): string {
    return join(this.dir, id);
  }

  /** Removes the staged bytes and tus's record; nothing staged is fine. */
  async remove(id: string): Promise<void> {
    await rm(this.bytesPath(id), { force: true });
    await rm(`${this.bytesPath(id)}.json`, { force: true });
  }
}
