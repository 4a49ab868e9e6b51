import { z } from 'zod';

/** An unset key and an empty one (`OPENAI_API_KEY=` in an .env file) both mean "not configured". */
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional());

/** The careers service's own configuration keys (validated with the common ones at start). */
export const careersConfig = {
  /** With a key the OpenAI engine answers (grounded in the catalog); without one the offline engine does. */
  OPENAI_API_KEY: optionalText,
  /** An OpenAI-compatible endpoint (e.g. a local server); default the OpenAI API. */
  OPENAI_BASE_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  OPENAI_MODEL: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).default('gpt-4o-mini')),
  /** How long the OpenAI engine may take before the offline engine answers instead. */
  CAREERS_OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** How many careers a result holds. */
  CAREERS_RESULT_SIZE: z.coerce.number().int().min(1).max(30).default(10),
  /** Generations per user per minute (429 with Retry-After beyond it). */
  CAREERS_GENERATE_PER_MINUTE: z.coerce.number().int().positive().default(5),
};

export type CareersConfig = {
  [K in keyof typeof careersConfig]: z.infer<(typeof careersConfig)[K]>;
};
