import { z } from 'zod';
import { pageQueryFields } from './collection.js';
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_DESCRIPTION_MIN,
  PORTFOLIO_NOTES_MAX,
  PORTFOLIO_TITLE_MAX,
  reviewStatuses,
  type VerificationStatus,
} from './values/portfolio.js';
import type { ProficiencyLevel } from './values/skills.js';

/** API.md "Portfolio and files": the schemas and types; statuses, limits and error codes are in values/portfolio.ts. */

const SKILL_REQUIRED = 'Please select a skill';
const TITLE_REQUIRED = 'Title is required';
const TITLE_TOO_LONG = `Title must be under ${PORTFOLIO_TITLE_MAX} characters`;
const DESCRIPTION_TOO_SHORT = `Description must be at least ${PORTFOLIO_DESCRIPTION_MIN} characters`;
const DESCRIPTION_TOO_LONG = `Description must be under ${PORTFOLIO_DESCRIPTION_MAX} characters`;

const itemFields = {
  // The prototype's message for a missing skill, also for a value that cannot be an id.
  userSkillId: z.uuid({ error: SKILL_REQUIRED }),
  title: z.string({ error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(PORTFOLIO_TITLE_MAX, TITLE_TOO_LONG),
  description: z
    .string({ error: DESCRIPTION_TOO_SHORT })
    .trim()
    .min(PORTFOLIO_DESCRIPTION_MIN, DESCRIPTION_TOO_SHORT)
    .max(PORTFOLIO_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG),
};

/** `POST /api/portfolios`: the file's name, type, size and checksum come from the upload's record, never from here. */
export const createPortfolioItemSchema = z
  .object({ ...itemFields, uploadId: z.uuid({ error: 'Please upload a file' }) })
  .strict();

/** `PATCH /api/portfolios/:id`: any of the fields, same messages; the file stays (a new file is a new item). */
export const updatePortfolioItemSchema = z.object(itemFields).partial().strict();

/** `PATCH /api/portfolios/:id/verification`: notes are required to reject, so the student learns why. */
export const verifyPortfolioItemSchema = z
  .object({
    status: z.enum(reviewStatuses, { error: `Status must be one of ${reviewStatuses.join(', ')}` }),
    notes: z
      .string({ error: 'Notes must be text' })
      .trim()
      .max(PORTFOLIO_NOTES_MAX, `Notes must be under ${PORTFOLIO_NOTES_MAX} characters`)
      .nullable()
      .optional()
      .transform((notes) => notes || null),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.status === 'rejected' && !body.notes)
      context.addIssue({ code: 'custom', path: ['notes'], message: 'Notes are required to reject an item' });
  });

export const listPortfolioQuerySchema = z.object(pageQueryFields);

export type CreatePortfolioItemInput = z.infer<typeof createPortfolioItemSchema>;
export type UpdatePortfolioItemInput = z.infer<typeof updatePortfolioItemSchema>;
export type VerifyPortfolioItemInput = z.infer<typeof verifyPortfolioItemSchema>;
export type ListPortfolioQuery = z.infer<typeof listPortfolioQuerySchema>;

/** Who verified (or rejected) an item; names are empty until identity's announcement of them reached portfolio. */
export interface PortfolioReviewer {
  id: string;
  firstName: string;
  lastName: string;
  company: string | null;
}

/**
 * API.md `PortfolioItem`, plus the owner's id (`userId`). A type, not an interface: it travels as the
 * `portfolio:updated` socket payload, which must be assignable to a plain record.
 */
export type PortfolioItem = {
  id: string;
  userId: string;
  title: string;
  description: string;
  /** `/api/portfolios/:id/file`: owner, admins and employers the student applied to. */
  fileUrl: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  sha256: string;
  userSkillId: string;
  userSkill: { skill: { id: string; name: string }; proficiencyLevel: ProficiencyLevel; verified: boolean };
  verificationStatus: VerificationStatus;
  verificationNotes: string | null;
  verifiedBy: PortfolioReviewer | null;
  createdAt: string;
  updatedAt: string;
};

/** `GET /api/portfolios/reviews/pending`: an item waiting for a reviewer, with whose it is. */
export type PortfolioReviewItem = PortfolioItem & {
  student: { id: string; firstName: string; lastName: string };
};

export const portfolioFileUrl = (itemId: string): string => `/api/portfolios/${itemId}/file`;
