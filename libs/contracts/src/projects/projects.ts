import { z } from 'zod';
import { pageQueryFields, queryParam } from '../collection.js';
import {
  cleanText,
  type ExchangeType,
  exchangeTypes,
  normalizeTags,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_DURATION_MAX,
  PROJECT_EXCHANGE_DESCRIPTION_MAX,
  PROJECT_TAG_MAX,
  PROJECT_TAGS_MAX,
  PROJECT_TITLE_MAX,
} from '../values/projects.js';
import type { ScamFlag, VerificationLevel } from '../values/safety.js';
import { type MilestoneTemplate, milestoneTemplatesSchema } from '../workspace/workspace.js';

/** API.md "Projects": the schemas. The exchange types, labels, limits and tag rule are in values/projects.ts. */
const isMissing = (input: unknown) => input === undefined || input === null;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: (issue) => (isMissing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .transform(cleanText)
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be less than ${max} characters`));

/** Optional text: absent stays absent, null or blank means "none" (null). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .transform(cleanText)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .nullable()
    .transform((value) => (value ? value : null))
    .optional();

const tags = (plural: string, singular: string) =>
  z
    .array(z.string({ error: `${plural} must be text` }), { error: `${plural} must be a list` })
    // Bounds the work before normalising; the real cap applies to what is kept.
    .max(PROJECT_TAGS_MAX * 10, `Add at most ${PROJECT_TAGS_MAX} ${plural.toLowerCase()}`)
    .superRefine((values, context) => {
      values.forEach((value, index) => {
        if (cleanText(value).length > PROJECT_TAG_MAX) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: `Each ${singular} must be at most ${PROJECT_TAG_MAX} characters`,
          });
        }
      });
    })
    .transform(normalizeTags)
    .pipe(z.array(z.string()).max(PROJECT_TAGS_MAX, `Add at most ${PROJECT_TAGS_MAX} ${plural.toLowerCase()}`));

const projectFields = {
  title: requiredText('Title', PROJECT_TITLE_MAX),
  description: requiredText('Description', PROJECT_DESCRIPTION_MAX),
  exchangeType: z.enum(exchangeTypes, {
    error: (issue) =>
      isMissing(issue.input) || issue.input === ''
        ? 'Exchange type is required'
        : `Exchange type must be one of ${exchangeTypes.join(', ')}`,
  }),
  exchangeDescription: optionalText('Exchange details', PROJECT_EXCHANGE_DESCRIPTION_MAX),
  duration: optionalText('Duration', PROJECT_DURATION_MAX),
  requiredSkills: tags('Required skills', 'required skill'),
  culturalValues: tags('Cultural values', 'cultural value'),
  /** The plan a workspace starts from when a student is accepted (API.md "A plan from the project"). */
  milestones: milestoneTemplatesSchema,
};

/** `POST /api/projects`: only these fields; anything else is refused on its own path ("Unknown field"). */
export const createProjectSchema = z
  .object({
    ...projectFields,
    requiredSkills: projectFields.requiredSkills.default([]),
    culturalValues: projectFields.culturalValues.default([]),
    milestones: projectFields.milestones.default([]),
  })
  .strict();

/** `PATCH /api/projects/:id`: any create field, and `isActive`; the same messages. */
export const updateProjectSchema = z
  .object({
    ...projectFields,
    isActive: z.boolean({ error: 'isActive must be true or false' }),
  })
  .partial()
  .strict();

export type CreateProjectInput = z.infer<typeof createProjectSchema>;
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

/** `GET /api/projects?q=&exchangeType=&limit=&cursor=` */
export const listProjectsQuerySchema = z.object({
  q: queryParam(
    z
      .string({ error: 'q must be text' })
      .transform(cleanText)
      .pipe(z.string().max(200, 'q must be at most 200 characters')),
  ),
  exchangeType: queryParam(
    z.enum(exchangeTypes, { error: `Exchange type must be one of ${exchangeTypes.join(', ')}` }),
  ),
  ...pageQueryFields,
});

/** `GET /api/projects/me?limit=&cursor=` */
export const listMyProjectsQuerySchema = z.object(pageQueryFields);

export type ListProjectsQuery = z.infer<typeof listProjectsQuerySchema>;
export type ListMyProjectsQuery = z.infer<typeof listMyProjectsQuerySchema>;

export interface ProjectEmployer {
  id: string;
  /** Empty until identity's announcement of the employer has reached the projects service. */
  firstName: string;
  lastName: string;
  company: string | null;
  /**
   * Median hours from an application to the employer's first decision or message, over the applications
   * of the last 90 days (one decimal); null below 3 applications (a new employer).
   */
  medianResponseHours: number | null;
  /** Percentage (0–100) of those applications answered within 7 days; null below 3 applications. */
  responseRate: number | null;
  /** "Verified employer" when not `none` (API.md "Trust and safety"). */
  verification: VerificationLevel;
}

/** API.md `Project`. */
export interface Project {
  id: string;
  title: string;
  description: string;
  exchangeType: ExchangeType;
  exchangeDescription: string | null;
  duration: string | null;
  requiredSkills: string[];
  culturalValues: string[];
  /** The milestone template: due dates count in days from the acceptance day. */
  milestones: MilestoneTemplate[];
  isActive: boolean;
  createdAt: string;
  employer: ProjectEmployer;
  /** Applications received, withdrawn ones excepted (ADR 0008). */
  applicantCount: number;
  /** The auto-flag rules the title and description matched (values/safety.ts): students see a safety tip. */
  flags: ScamFlag[];
}
