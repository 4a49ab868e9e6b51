import { z } from 'zod';
import { exchangeTypes } from '../../values/projects.js';

/** What matching and others may know of a project: everything they score and show. */
export const projectSnapshotSchema = z.object({
  projectId: z.uuid(),
  employerId: z.uuid(),
  title: z.string(),
  description: z.string(),
  exchangeType: z.enum(exchangeTypes),
  duration: z.string().nullable(),
  requiredSkills: z.array(z.string()).max(50),
  culturalValues: z.array(z.string()).max(50),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});

export type ProjectSnapshot = z.infer<typeof projectSnapshotSchema>;
