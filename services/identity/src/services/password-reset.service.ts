import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { IdentityErrorCode } from '@projectory/contracts';
import { LOGGER, SERVICE_CONFIG } from '@projectory/platform';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { IdentityException } from '../exceptions/identity.exception.js';
import type { IdentityConfig } from '../identity.config.js';
import { PasswordResetRepository } from '../repositories/password-reset.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { MailerService } from './mailer.service.js';
import { clientInfo, hashToken } from './session.service.js';
import { ThrottleService } from './throttle.service.js';
import { normalizeEmail, UserService } from './user.service.js';

/** Forgotten passwords: a single-use, expiring link by e-mail; only the token's hash is stored. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserService,
    private readonly userRows: UserRepository,
    private readonly resets: PasswordResetRepository,
    private readonly mailer: MailerService,
    private readonly throttle: ThrottleService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Always succeeds from the caller's view, so that nobody learns which e-mails have accounts. */
  async request(emailInput: string, request: FastifyRequest): Promise<void> {
    const email = normalizeEmail(emailInput);
    await this.throttle.consume([
      { key: `reset:ip:${clientInfo(request).ip}`, limit: 20, windowMinutes: 60 },
      { key: `reset:account:${email}`, limit: 5, windowMinutes: 60 },
    ]);
    const user = await this.userRows.findByEmail(this.dataSource, email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.resets.insert(this.dataSource, hashToken(token), user.id, this.config.PASSWORD_RESET_TTL_MINUTES);
    const link = new URL(`/reset-password?token=${token}`, this.config.PUBLIC_ORIGIN).toString();
    if (!this.config.SMTP_URL) this.logger.info({ userId: user.id, link }, 'password reset link (no SMTP_URL)');
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your Projectory password',
      text: [
        `Hello ${user.first_name},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Projectory account.',
        `Open this link within ${this.config.PASSWORD_RESET_TTL_MINUTES} minutes to choose a new one:`,
        '',
        link,
        '',
        'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    });
  }

  /** Uses the token (once), sets the password and signs the user out everywhere. */
  async reset(token: string, password: string): Promise<void> {
    const passwordHash = await this.users.newPasswordHash(password, 'password');
    await this.dataSource.transaction(async (manager) => {
      const userId = await this.resets.use(manager, hashToken(token));
      if (!userId) throw new IdentityException(IdentityErrorCode.ResetTokenInvalid, 'token');
      // Every other link of this user dies with the one used.
      await this.resets.useAllOfUser(manager, userId);
      await this.users.storePassword(manager, userId, passwordHash);
    });
  }
}
