import { z } from 'zod';
import { verificationLevels } from '../../values/safety.js';
import { personalData } from '../personal-data.js';

/**
 * What other services may know of a user (never the password hash or sessions). Personal data is
 * marked (personalData). The e-mail address stays on this topic only, for messaging, which mails a
 * user's notifications (docs/events/README.md); no other event carries it.
 */
export const userSnapshotSchema = z.object({
  userId: z.uuid(),
  email: personalData(z.string()),
  firstName: personalData(z.string()),
  lastName: personalData(z.string()),
  role: z.enum(['student', 'employer', 'admin']),
  plan: z.enum(['free', 'professional', 'enterprise']),
  headline: personalData(z.string().nullable()),
  company: personalData(z.string().nullable()),
  location: personalData(z.string().nullable()),
  profileImageUrl: personalData(z.string().nullable()),
  // Added with the candidate profile; optional so that events written before it still parse.
  school: personalData(z.string().nullable().optional()),
  major: personalData(z.string().nullable().optional()),
  graduationYear: personalData(z.number().int().nullable().optional()),
  createdAt: z.iso.datetime(),
  // Added with the admin console (sign-in refused, sessions ended); optional for events written before.
  suspended: z.boolean().optional(),
  // Added with trust and safety; optional for events written before (read as 'none').
  website: personalData(z.string().nullable().optional()),
  verification: z.enum(verificationLevels).optional(),
  /** Students: whether employers may find them (API.md "Finding talent"); absent in older events: no. */
  discoverable: z.boolean().optional(),
});

export type UserSnapshot = z.infer<typeof userSnapshotSchema>;
