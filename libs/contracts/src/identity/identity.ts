import { z } from 'zod';
import {
  EMAIL_MAX,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type Plan,
  PROFILE_IMAGE_URL_MAX,
  PROFILE_LINK_LABEL_MAX,
  PROFILE_LINK_URL_MAX,
  PROFILE_LINKS_MAX,
  PROFILE_TEXT_MAX,
  PROFILE_WEBSITE_MAX,
  signupRoles,
} from '../values/identity.js';

/**
 * Identity's HTTP contract (API.md "Identity"): request schemas shared by the service and its tests.
 * The roles, plans, limits and error codes are in values/identity.ts.
 */

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Enter a valid email address'));

const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);

export const signupSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email,
  password,
  role: z.enum(signupRoles, { error: 'Please choose student or employer' }),
  agreeTerms: z.literal(true, { error: 'You must agree to the Terms of Service and Privacy Policy' }),
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  rememberMe: z.boolean().optional().default(false),
});

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));

const graduationYear = z
  .number({ error: 'Graduation year must be a year such as 2026' })
  .int('Graduation year must be a whole year')
  .min(GRADUATION_YEAR_MIN, `Graduation year must be ${GRADUATION_YEAR_MIN} or later`)
  .max(GRADUATION_YEAR_MAX, `Graduation year must be ${GRADUATION_YEAR_MAX} or earlier`)
  .nullable();

/** One profile link: a label and an http(s) address. */
export const profileLinkSchema = z
  .object({
    label: z
      .string({ error: 'Link label is required' })
      .trim()
      .min(1, 'Link label is required')
      .max(PROFILE_LINK_LABEL_MAX, `Link label must be at most ${PROFILE_LINK_LABEL_MAX} characters`),
    url: z
      .string({ error: 'Link URL is required' })
      .trim()
      .min(1, 'Link URL is required')
      .max(PROFILE_LINK_URL_MAX, `Link URL must be at most ${PROFILE_LINK_URL_MAX} characters`)
      .pipe(z.url({ protocol: /^https?$/, error: 'Link URL must be an http(s) address' })),
  })
  .strict();

const links = z
  .array(profileLinkSchema, { error: 'Links must be a list of { label, url }' })
  .max(PROFILE_LINKS_MAX, `Add at most ${PROFILE_LINKS_MAX} links`);

const websiteMessage = 'Website must be an http(s) address such as https://acme.example';
/** A company website: http(s), a host name with a dot (no bare host, no IP address). */
const websiteUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** Only these fields; role, plan, email and anything else are refused with a 400. */
export const updateProfileSchema = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    headline: optionalText('Headline', PROFILE_TEXT_MAX.headline),
    bio: optionalText('Bio', PROFILE_TEXT_MAX.bio),
    location: optionalText('Location', PROFILE_TEXT_MAX.location),
    company: optionalText('Company', PROFILE_TEXT_MAX.company),
    profileImageUrl: z
      .union([
        z.url({ protocol: /^https?$/, message: 'Profile image must be an http(s) URL' }).max(PROFILE_IMAGE_URL_MAX),
        z.literal(''),
      ])
      .nullable()
      .transform((value) => (value ? value : null)),
    // The company's address (employers): its host is the domain e-mail verification accepts.
    website: z
      .string({ error: websiteMessage })
      .trim()
      .max(PROFILE_WEBSITE_MAX, `Website must be at most ${PROFILE_WEBSITE_MAX} characters`)
      .refine((value) => value === '' || websiteUrl.safeParse(value).success, websiteMessage)
      .nullable()
      .transform((value) => (value ? value : null)),
    school: optionalText('School', PROFILE_TEXT_MAX.school),
    major: optionalText('Major', PROFILE_TEXT_MAX.major),
    graduationYear,
    links,
    // Students: whether employers may find them (API.md "Finding talent").
    discoverable: z.boolean({ error: 'discoverable must be true or false' }),
  })
  .partial()
  .strict();

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX),
  newPassword: password,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'The reset link is invalid' }).min(20, 'The reset link is invalid').max(200),
  password,
});

export const onboardingSchema = z.object({
  hasCompletedTutorial: z.boolean({ error: 'hasCompletedTutorial must be true or false' }),
  completedAt: z.iso.datetime({ error: 'completedAt must be an ISO date' }).nullable().optional(),
});

export type SignupRequest = z.input<typeof signupSchema>;
export type LoginRequest = z.input<typeof loginSchema>;
export type UpdateProfileRequest = z.input<typeof updateProfileSchema>;

/** The `User` of API.md. */
export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'student' | 'employer' | 'admin';
  plan: Plan;
  headline: string | null;
  bio: string | null;
  location: string | null;
  company: string | null;
  /** Employers: the company's http(s) address; its host is the domain e-mail verification accepts. */
  website: string | null;
  profileImageUrl: string | null;
  school: string | null;
  major: string | null;
  graduationYear: number | null;
  links: ProfileLink[];
  /** Students: whether employers may find them (API.md "Finding talent"); false until they say yes. */
  discoverable: boolean;
  createdAt: string;
}

export type ProfileLink = z.output<typeof profileLinkSchema>;

export interface Onboarding {
  hasCompletedTutorial: boolean;
  completedAt: string | null;
}

/** What the gateway learns from identity about a session cookie (internal route, never public). */
export interface ResolvedSession {
  userId: string;
  role: 'student' | 'employer' | 'admin';
  sessionId: string;
  /** When the gateway must ask again at the latest (idle or absolute expiry). */
  expiresAt: string;
}

/**
 * identity's route the gateway resolves a session token by: GET with the token in a header (never in
 * the URL) → ResolvedSession, 404 for an unknown, expired or revoked token.
 */
export const SESSION_INTERNAL_PATH = '/internal/sessions/current';
