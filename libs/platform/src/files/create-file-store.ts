import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { LocalDiskFileStore } from './drivers/local-disk-file-store.js';
import { S3FileStore } from './drivers/s3-file-store.js';
import { type FileStoreConfig, fileStoreConfigProblems } from './file-store-config.js';
import type { FileStore } from './file-store.js';

/** The local directory: FILES_DIR, else `uploads` in the data directory (`.data` as services/all-in-one names it). */
export function localFilesDir(config: FileStoreConfig, cwd: string = process.cwd()): string {
  return resolve(cwd, config.FILES_DIR ?? resolve(cwd, config.PROJECTORY_DATA_DIR ?? '.data', 'uploads'));
}

/** S3 when S3_BUCKET is set, local disk otherwise (ARCHITECTURE §2). */
export function createFileStore(config: FileStoreConfig, logger?: Pick<Logger, 'warn'>): FileStore {
  const problems = fileStoreConfigProblems(config);
  if (problems.length > 0) {
    throw new Error(
      `Invalid file store configuration: ${problems.map((p) => `${p.path.join('.')} ${p.message}`).join('; ')}`,
    );
  }
  if (!config.S3_BUCKET) return new LocalDiskFileStore({ root: localFilesDir(config) });
  return new S3FileStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    partSize: config.S3_PART_SIZE_BYTES,
    logger,
  });
}
