import { matchStatuses, pageQueryFields } from '@projectory/contracts';
import { z } from 'zod';

/** `GET /api/matches/me?status=&projectId=&limit=&cursor=` */
export const listMatchesQuerySchema = z.object({
  status: z.enum(matchStatuses, { error: 'Unknown status' }).optional(),
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
  ...pageQueryFields,
});

export type ListMatchesQuery = z.infer<typeof listMatchesQuerySchema>;

/** `GET /api/users/:id/reviews?limit=&cursor=` */
export const listReviewsQuerySchema = z.object(pageQueryFields);

export type ListReviewsQuery = z.infer<typeof listReviewsQuerySchema>;
