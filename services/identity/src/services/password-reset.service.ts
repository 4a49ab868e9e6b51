import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { IdentityErrorCode, Queues } from '@projectory/contracts';
import { JOB_QUEUE, type JobQueue, LOGGER, MailerService, SERVICE_CONFIG } from '@projectory/platform';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { IdentityException } from '../exceptions/identity.exception.js';
import type { IdentityConfig } from '../identity.config.js';
import { PasswordResetRepository } from '../repositories/password-reset.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { clientInfo, hashToken } from './session.service.js';
import { ThrottleService } from './throttle.service.js';
import { normalizeEmail, UserService } from './user.service.js';

/**
 * How long the job waits before its work. Run at once, the lookup, the token's insert and the SMTP
 * conversation of an existing address would share the process with that request's own answer on its way
 * out, and slow it; a second later they fall on whatever requests are then in flight, of either kind.
 */
const RESET_MAIL_AFTER_MS = 1_000;

export interface PasswordResetMailData {
  /** Normalised. */
  email: string;
}

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
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Always succeeds from the caller's view, so that nobody learns which e-mails have accounts: the
   * answer does the same work for every address (the throttle, one job) and the lookup, the token and
   * the mail happen in the job, a second after the answer, so its timing tells nothing either.
   */
  async request(emailInput: string, request: FastifyRequest): Promise<void> {
    const email = normalizeEmail(emailInput);
    await this.throttle.consume([
      { key: `reset:ip:${clientInfo(request).ip}`, limit: this.config.RESET_MAILS_PER_IP_PER_HOUR, windowMinutes: 60 },
      { key: `reset:account:${email}`, limit: this.config.RESET_MAILS_PER_ACCOUNT_PER_HOUR, windowMinutes: 60 },
    ]);
    const data: PasswordResetMailData = { email };
    await this.jobs.add(Queues.IdentityPasswordResetMail, data, {
      attempts: 5,
      backoffMs: 2000,
      delayMs: RESET_MAIL_AFTER_MS,
    });
  }

  /** The job's work: a reset link by mail when the address has an account, nothing otherwise. */
  async sendLink(email: string): Promise<void> {
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
