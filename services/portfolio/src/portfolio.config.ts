import { DEFAULT_UPLOAD_QUOTA_BYTES } from '@projectory/contracts';
import { fileStoreConfigSchema } from '@projectory/platform';
import { z } from 'zod';

/** The portfolio service's own configuration keys (validated with the common ones at start). */
export const portfolioConfig = {
  // Where finished uploads go: local disk (FILES_DIR) or S3 (S3_*), ADR 0010.
  ...fileStoreConfigSchema.shape,
  /** Where tus uploads are staged while their bytes arrive; default `<FILES_DIR>/.staging` (no file key can start with a dot). */
  UPLOAD_STAGING_DIR: z.string().min(1).optional(),
  /** Per user: stored plus staged bytes (API.md: 413 past it). */
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().positive().default(DEFAULT_UPLOAD_QUOTA_BYTES),
  /** An upload not finished, or finished and not used, this long after its last step is removed. */
  UPLOAD_EXPIRY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60 * 1000),
  /** How often a process running jobs removes expired uploads; 0 turns the sweep off. */
  UPLOAD_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60 * 1000),
  /** clamd over TCP (INSTREAM); both unset: no malware scan. */
  CLAMAV_HOST: z.string().min(1).optional(),
  CLAMAV_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  CLAMAV_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
};

export type PortfolioConfig = {
  [K in keyof typeof portfolioConfig]: z.infer<(typeof portfolioConfig)[K]>;
};
