import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { LOGGER, SERVICE_CONFIG } from '../service/service-definition.js';
import type { MailConfig } from './mail-config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail over SMTP_URL. Without one (embedded mode), each mail is written as an .eml file under
 * MAIL_DIR; in both cases nothing but the recipient and subject reach the log. A service providing it
 * spreads `mailConfigSchema.shape` into its config.
 */
@Injectable()
export class MailerService implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MailConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    if (this.config.SMTP_URL) {
      this.logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      return;
    }
    if (this.config.MAIL_DIR) {
      mkdirSync(this.config.MAIL_DIR, { recursive: true });
      const file = join(this.config.MAIL_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      this.logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written (no SMTP_URL)');
    } else {
      this.logger.warn({ to: mail.to, subject: mail.subject }, 'mail dropped: neither SMTP_URL nor MAIL_DIR is set');
    }
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
