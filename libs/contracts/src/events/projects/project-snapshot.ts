import { z } from 'zod';
import { exchangeTypes } from '../../values/projects.js';
import { milestoneTemplatesSchema } from '../../workspace/workspace.js';

/** What matching and others may know of a project: everything they score and show. */
export const projectSnapshotSchema = z.object({
  projectId: z.uuid(),
  employerId: z.uuid(),
  title: z.string(),
  description: z.string(),
  exchangeType: z.enum(exchangeTypes),
  /** Older events have none. */
  exchangeDescription: z.string().nullable().default(null),
  duration: z.string().nullable(),
  requiredSkills: z.array(z.string()).max(50),
  culturalValues: z.array(z.string()).max(50),
  /** The plan a workspace starts from when the employer accepts a student (older events: none). */
  milestones: milestoneTemplatesSchema.default([]),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});

export type ProjectSnapshot = z.infer<typeof projectSnapshotSchema>;
