import { z } from 'zod';

/** The keys of a service that sends mail (identity's reset links, messaging's away mails): spread into its config. */
export const mailConfigSchema = z.object({
  /** smtp(s)://user:pass@host:port; without it mails go to MAIL_DIR (embedded mode) or only the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Projectory <no-reply@projectory.local>'),
  MAIL_DIR: z.string().optional(),
});

export type MailConfig = z.infer<typeof mailConfigSchema>;
