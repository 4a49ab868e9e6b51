import { matchStatuses } from '@projectory/contracts';
import { z } from 'zod';

const limit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(100, 'limit must be at most 100')
  .default(20);
const cursor = z.string().min(1).max(200).optional();

/** `GET /api/matches/me?status=&projectId=&limit=&cursor=` */
export const listMatchesQuerySchema = z.object({
  status: z.enum(matchStatuses, { error: 'Unknown status' }).optional(),
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
  limit,
  cursor,
});

export type ListMatchesQuery = z.infer<typeof listMatchesQuerySchema>;

/** `GET /api/users/:id/reviews?limit=&cursor=` */
export const listReviewsQuerySchema = z.object({ limit, cursor });

export type ListReviewsQuery = z.infer<typeof listReviewsQuerySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path ids: a string that cannot be an id names nothing (404), rather than being bad input. */
export const isUuid = (value: string): boolean => UUID.test(value);
