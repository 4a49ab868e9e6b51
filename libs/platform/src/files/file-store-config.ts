import { z } from 'zod';

/**
 * Where files go (ARCHITECTURE §2): S3 when S3_BUCKET is set, else local disk. A plain object so a
 * service can `.extend(fileStoreConfigSchema.shape)`; the cross-key rules are in withFileStoreRules.
 */
export const fileStoreConfigSchema = z.object({
  /** Local driver: the directory; default `<PROJECTORY_DATA_DIR or .data>/uploads`, relative to the working directory. */
  FILES_DIR: z.string().min(1).optional(),
  /** The embedded launcher's data directory (services/all-in-one); only used for the default FILES_DIR. */
  PROJECTORY_DATA_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** An S3-compatible server (MinIO, R2...); left out for AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; without them the SDK's own chain applies (AWS_* variables, profile, role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bytes per multipart part, at least 5 MiB; two parts per upload are held in memory. */
  S3_PART_SIZE_BYTES: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .optional(),
});

/** The parsed keys; all optional, so tests and launchers can pass a hand-made object. */
export type FileStoreConfig = Partial<z.infer<typeof fileStoreConfigSchema>>;

/** Cross-key rules: S3 keys come in pairs, and S3_* settings without a bucket are a mistake. */
export function withFileStoreRules<S extends z.ZodObject>(schema: S) {
  return schema.superRefine((value, ctx) => {
    for (const problem of fileStoreConfigProblems(value as FileStoreConfig))
      ctx.addIssue({ code: 'custom', ...problem });
  });
}

export function fileStoreConfigProblems(config: FileStoreConfig): Array<{ path: string[]; message: string }> {
  const problems: Array<{ path: string[]; message: string }> = [];
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push({ path: [missing], message: 'is required with the other S3 access key variable' });
  }
  if (!config.S3_BUCKET && (config.S3_ENDPOINT || config.S3_ACCESS_KEY_ID)) {
    problems.push({ path: ['S3_BUCKET'], message: 'is required when S3_ENDPOINT or S3 access keys are set' });
  }
  return problems;
}
