import { z } from 'zod';
import type { ErrorResponse } from './values/errors.js';

/** The one error shape of every /api response (API.md, Conventions). */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  correlationId: z.string().optional(),
}) satisfies z.ZodType<ErrorResponse>;
