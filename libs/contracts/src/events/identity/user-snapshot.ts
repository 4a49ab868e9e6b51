import { z } from 'zod';

/** What other services may know of a user (never the password hash or sessions). */
export const userSnapshotSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['student', 'employer', 'admin']),
  plan: z.enum(['free', 'professional', 'enterprise']),
  headline: z.string().nullable(),
  company: z.string().nullable(),
  location: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  // Added with the candidate profile; optional so that events written before it still parse.
  school: z.string().nullable().optional(),
  major: z.string().nullable().optional(),
  graduationYear: z.number().int().nullable().optional(),
  createdAt: z.iso.datetime(),
});

export type UserSnapshot = z.infer<typeof userSnapshotSchema>;
