import { envBoolean, mailConfigSchema } from '@projectory/platform';
import { z } from 'zod';

const minutes = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Identity's own configuration keys (validated with the common ones at start; see ADR 0005). */
export const identityConfig = {
  /** Comma-separated e-mails that become admins at sign-up or at their next sign-in. */
  ADMIN_EMAILS: z.string().default(''),
  /** Where links in e-mails point, e.g. https://projectory.example; also makes cookies Secure when https. */
  PUBLIC_ORIGIN: z.url().default('http://localhost:3000'),
  SESSION_IDLE_MINUTES: minutes(12 * 60),
  SESSION_ABSOLUTE_MINUTES: minutes(24 * 60),
  SESSION_REMEMBER_IDLE_MINUTES: minutes(7 * 24 * 60),
  SESSION_REMEMBER_ABSOLUTE_MINUTES: minutes(30 * 24 * 60),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: minutes(15),
  /** Lifetime of the device cookie that lets a known browser sign in while its account is locked (ADR 0011). */
  DEVICE_COOKIE_DAYS: z.coerce.number().int().positive().max(400).default(180),
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  PASSWORD_RESET_TTL_MINUTES: minutes(60),
  RESET_MAILS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().positive().default(5),
  RESET_MAILS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  // SMTP_URL, MAIL_FROM, MAIL_DIR: the platform's mailer (reset links).
  ...mailConfigSchema.shape,
  /** Lower argon2 cost for tests only; production keeps OWASP's parameters. */
  ARGON2_FAST: envBoolean(false),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The button's label: "Continue with <name>". */
  OIDC_PROVIDER_NAME: z.string().default('Single Sign-On'),
};

export type IdentityConfig = {
  [K in keyof typeof identityConfig]: z.infer<(typeof identityConfig)[K]>;
};
