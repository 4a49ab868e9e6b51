import { fileStoreConfigSchema, mailConfigSchema } from '@projectory/platform';
import { z } from 'zod';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Messaging's own configuration keys (validated with the common ones at start). */
export const messagingConfig = {
  // Attachments are read from the FileStore the portfolio service stored them in (ADR 0010).
  ...fileStoreConfigSchema.shape,
  // SMTP_URL, MAIL_FROM, MAIL_DIR: the platform's mailer (away mails).
  ...mailConfigSchema.shape,
  /** Where links in e-mails point. */
  PUBLIC_ORIGIN: z.url().default('http://localhost:3000'),
  /** A message or notification still unread this long after it arrived is mailed (the user is away). */
  MAIL_AWAY_DELAY_MS: ms(120_000),
  /** At most one away mail per recipient and conversation (or notification topic) in this window. */
  MAIL_CONVERSATION_THROTTLE_MS: ms(900_000),
  /** How long a send waits for an attachment's portfolio.attachment.stored event to arrive. */
  ATTACHMENT_WAIT_MS: z.coerce.number().int().min(0).default(3000),
  /** Video calls' ICE servers: comma-separated `stun:`/`turn:`/`turns:` URLs (none: an empty list). */
  TURN_URLS: z.string().optional(),
  /** coturn's `static-auth-secret` (`use-auth-secret`): TURN credentials are HMACs of it; without it no TURN URL is given. */
  TURN_SECRET: z.string().min(16, 'TURN_SECRET must be at least 16 characters').optional(),
  /** How long TURN credentials stay valid (coturn refuses them after; a call longer than this cannot refresh its relay). */
  TURN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(86_400),
};

export type MessagingConfig = {
  [K in keyof typeof messagingConfig]: z.infer<(typeof messagingConfig)[K]>;
};
