import { z } from 'zod';

/**
 * The fields every workspace event (Topics.MatchingWorkspaces) opens with: its match, the ids of the item
 * it is about (`{ milestoneId: z.uuid() }`), then the match's project and two participants. Spread into
 * the event's schema; the order is the payload's.
 */
export const workspaceEventFields = <Ids extends Record<string, z.ZodUUID>>(ids: Ids) => ({
  matchId: z.uuid(),
  ...ids,
  projectId: z.uuid(),
  studentId: z.uuid(),
  employerId: z.uuid(),
});
