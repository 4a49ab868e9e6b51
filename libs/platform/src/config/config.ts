import { z } from 'zod';

/** Thrown at start-up when the environment does not satisfy a service's schema; lists every problem at once. */
export class ConfigValidationError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new ConfigValidationError(service, problems);
}

export const envBoolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Infrastructure switches shared by the gateway and every service. */
export const infrastructureConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters'),
  EVENT_BUS: z.enum(['memory', 'redis', 'kafka']).default('memory'),
  JOB_QUEUE: z.enum(['memory', 'bullmq']).optional(),
  REDIS_URL: z.url().optional(),
  KAFKA_BROKERS: z.string().min(1).optional(),
  EVENT_BUS_CLAIM_IDLE_MS: z.coerce.number().int().positive().optional(),
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1000).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
});

/** What every service needs; a service extends it with its own keys. */
export const serviceConfigSchema = infrastructureConfigSchema.extend({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATABASE_URL: z.url({ message: 'must be a postgres:// URL' }),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  MIGRATE_ON_START: envBoolean(false),
  /** Background parts run in this process besides HTTP: any of consumers, relay, jobs, or `none`. */
  WORKERS: z.string().default('consumers,relay,jobs'),
});

export type InfrastructureConfig = z.infer<typeof infrastructureConfigSchema>;
export type ServiceConfig = z.infer<typeof serviceConfigSchema>;

/** Cross-key rules: a driver that needs a URL must have one. */
export function withInfrastructureRules<S extends z.ZodObject>(schema: S) {
  return schema.superRefine((value, ctx) => {
    const config = value as InfrastructureConfig;
    if (config.EVENT_BUS === 'redis' && !config.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'is required when EVENT_BUS=redis' });
    }
    if (config.EVENT_BUS === 'kafka' && !config.KAFKA_BROKERS) {
      ctx.addIssue({ code: 'custom', path: ['KAFKA_BROKERS'], message: 'is required when EVENT_BUS=kafka' });
    }
    if (config.JOB_QUEUE === 'bullmq' && !config.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'is required when JOB_QUEUE=bullmq' });
    }
  });
}

export type WorkerKind = 'consumers' | 'relay' | 'jobs';

export function parseWorkers(value: string): Set<WorkerKind> {
  const known: WorkerKind[] = ['consumers', 'relay', 'jobs'];
  if (value.trim() === 'none') return new Set();
  const chosen = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const unknown = chosen.filter((part) => !known.includes(part as WorkerKind));
  if (unknown.length > 0)
    throw new ConfigValidationError('workers', [`WORKERS: unknown worker(s) ${unknown.join(', ')}`]);
  return new Set(chosen as WorkerKind[]);
}
