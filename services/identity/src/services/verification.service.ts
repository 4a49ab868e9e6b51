import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AdminVerificationChange,
  type AdminVerificationRequest,
  type Collection,
  EMPLOYER_VERIFICATION_PATH,
  type EmployerVerification,
  EmployerVerificationChangedV1,
  NotFoundCode,
  Queues,
  SafetyErrorCode,
  SafetyNotificationKind,
  UserUpdatedV1,
  VERIFICATION_LINK_TTL_HOURS,
  type VerificationLevel,
  type VerificationRequest,
} from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  decodeCursor,
  ForbiddenException,
  JOB_QUEUE,
  type JobQueue,
  LOGGER,
  MailerService,
  notFound,
  OutboxService,
  SERVICE_CONFIG,
  toPage,
  UserNotifier,
  ValidationException,
} from '@projectory/platform';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { emailMatchesWebsite } from '../domain/email-domain.js';
import { VerificationException } from '../exceptions/verification.exception.js';
import type { IdentityConfig } from '../identity.config.js';
import { toSnapshot, UserRepository, type UserRow } from '../repositories/user.repository.js';
import {
  oldestFirstPosition,
  toAdminRequest,
  VerificationRepository,
} from '../repositories/verification.repository.js';
import { hashToken } from './session.service.js';
import { ThrottleService } from './throttle.service.js';

/** Verification requests one employer may send per hour (each domain request mails a link). */
const REQUESTS_PER_EMPLOYER_PER_HOUR = 5;

const RANK: Record<VerificationLevel, number> = { none: 0, domain: 1, registered: 2 };
const LABELS: Record<VerificationLevel, string> = {
  none: 'not verified',
  domain: 'verified by its domain',
  registered: 'verified by its registration',
};

export interface VerificationMailData {
  requestId: string;
}

/** Where the mailed link's confirmation lands in the web app. */
export type ConfirmResult = 'verified' | 'invalid' | 'expired';

/**
 * Employer verification (API.md "Trust and safety"): by a link mailed to an address at the company's
 * domain (the host of the employer's website or a parent domain), or by a registration number an admin
 * checks. A change of level is published (UserUpdated for the read models, EmployerVerificationChanged
 * for the admin audit) and the employer is notified, in the change's transaction.
 */
@Injectable()
export class VerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly users: UserRepository,
    private readonly requests: VerificationRepository,
    private readonly notifier: UserNotifier,
    private readonly mailer: MailerService,
    private readonly throttle: ThrottleService,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async get(employerId: string): Promise<EmployerVerification> {
    const user = await this.users.findById(this.dataSource, employerId);
    if (!user) throw notFound(NotFoundCode.User);
    return this.verificationOf(this.dataSource, user);
  }

  private async verificationOf(runner: DataSource | EntityManager, user: UserRow): Promise<EmployerVerification> {
    const waiting = await this.requests.findWaiting(runner, user.id);
    return {
      level: user.verification,
      pending: waiting !== null,
      pendingMethod: waiting?.method ?? null,
      website: user.website,
    };
  }

  /** 202: a domain request mails its link (a job, after the commit); a registration request waits for an admin. */
  async request(caller: AuthenticatedIdentity, input: VerificationRequest): Promise<EmployerVerification> {
    await this.throttle.consume([
      { key: `verification:employer:${caller.userId}`, limit: REQUESTS_PER_EMPLOYER_PER_HOUR, windowMinutes: 60 },
    ]);
    const { answer, mail } = await this.dataSource.transaction(async (manager) => {
      const user = await this.users.lockById(manager, caller.userId);
      if (!user) throw notFound(NotFoundCode.User);
      if (input.method === 'domain') {
        if (RANK[user.verification] >= RANK.domain) throw new VerificationException(SafetyErrorCode.AlreadyVerified);
        if (!user.website) {
          throw new ValidationException([
            {
              path: 'email',
              message: 'Add your company website to your profile first: the address must be at its domain',
            },
          ]);
        }
        const email = input.email.trim().toLowerCase();
        if (!emailMatchesWebsite(email, user.website)) {
          const host = new URL(user.website).hostname;
          throw new ValidationException([
            { path: 'email', message: `email must be an address at ${host} (your company website's domain)` },
          ]);
        }
        const request = await this.requests.insertDomain(manager, user.id, email, VERIFICATION_LINK_TTL_HOURS);
        return { answer: await this.verificationOf(manager, user), mail: request.id };
      }
      if (user.verification === 'registered') throw new VerificationException(SafetyErrorCode.AlreadyVerified);
      await this.requests.upsertRegistration(manager, user.id, input.registrationNumber, input.country);
      return { answer: await this.verificationOf(manager, user), mail: null };
    });
    if (mail) {
      const data: VerificationMailData = { requestId: mail };
      await this.jobs.add(Queues.IdentityVerificationMail, data, {
        jobId: `verification-${mail}`,
        attempts: 5,
        backoffMs: 2000,
      });
    }
    return answer;
  }

  /** The job's work: the link by mail, while the request still waits. */
  async sendLink(requestId: string): Promise<void> {
    const request = await this.requests.findWaitingDomain(this.dataSource, requestId);
    if (!request) return;
    const user = await this.users.findById(this.dataSource, request.employer_id);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.requests.setToken(this.dataSource, request.id, hashToken(token));
    const link = new URL(`/api/employers/verification/confirm?token=${token}`, this.config.PUBLIC_ORIGIN).toString();
    if (!this.config.SMTP_URL) this.logger.info({ userId: user.id, link }, 'verification link (no SMTP_URL)');
    await this.mailer.send({
      to: request.email!,
      subject: 'Verify your company on Projectory',
      text: [
        `Hello ${user.first_name},`,
        '',
        `Someone (hopefully you) asked to verify ${user.company ?? 'their company'} on Projectory with this address.`,
        `Open this link within ${VERIFICATION_LINK_TTL_HOURS} hours to confirm it:`,
        '',
        link,
        '',
        'The link works once. If you did not ask for it, ignore this e-mail.',
      ].join('\n'),
    });
  }

  /** The mailed link: marks the employer `domain`-verified (unless they are registered already). */
  async confirm(token: string | undefined): Promise<ConfirmResult> {
    if (!token || token.length > 200) return 'invalid';
    return this.dataSource.transaction(async (manager) => {
      const request = await this.requests.lockByToken(manager, hashToken(token));
      if (!request || request.decided_at || request.method !== 'domain') return 'invalid';
      if (request.expired) return 'expired';
      const user = await this.users.lockById(manager, request.employer_id);
      // The address must still be at the company's domain: the website may have changed since.
      if (!user || user.role !== 'employer' || !user.website || !emailMatchesWebsite(request.email!, user.website)) {
        return 'invalid';
      }
      await this.requests.decide(manager, request.id, 'verified');
      if (RANK[user.verification] < RANK.domain) {
        await this.change(manager, user, 'domain', { method: 'domain', actorId: user.id, note: '' });
      }
      return 'verified';
    });
  }

  /** An admin's decision (`PATCH /api/admin/employers/:id/verification`): closes the employer's waiting requests. */
  async decide(
    caller: AuthenticatedIdentity,
    employerId: string,
    input: AdminVerificationChange,
  ): Promise<EmployerVerification> {
    return this.dataSource.transaction(async (manager) => {
      // The gateway's view of the caller's role may be moments old: only an admin now may act.
      const actor = await this.users.findById(manager, caller.userId);
      if (actor?.role !== 'admin' || actor.suspended_at) throw new ForbiddenException();
      const user = await this.users.lockById(manager, employerId);
      if (!user || user.role !== 'employer') throw notFound(NotFoundCode.User);
      await this.requests.decideWaiting(
        manager,
        user.id,
        input.level === 'registered' ? 'registered' : 'rejected',
        'registration',
      );
      // A revoked verification also ends the links still in the mail.
      if (input.level === 'none') await this.requests.decideWaiting(manager, user.id, 'closed');
      const after = await this.change(manager, user, input.level, {
        method: 'admin',
        actorId: caller.userId,
        note: input.note,
      });
      return this.verificationOf(manager, after);
    });
  }

  /**
   * Sets the level and publishes it: UserUpdated (when it moved), EmployerVerificationChanged (always:
   * an admin's decision is audited even when it confirms the level) and a notification when it moved.
   */
  private async change(
    manager: EntityManager,
    user: UserRow,
    level: VerificationLevel,
    by: { method: 'domain' | 'admin'; actorId: string; note: string },
  ): Promise<UserRow> {
    const before = user.verification;
    const row = before === level ? user : await this.users.setVerification(manager, user.id, level);
    if (before !== level) await this.outbox.add(manager, UserUpdatedV1, user.id, toSnapshot(row));
    await this.outbox.add(manager, EmployerVerificationChangedV1, user.id, {
      changeId: randomUUID(),
      employerId: user.id,
      before,
      after: level,
      ...by,
      changedAt: new Date().toISOString(),
    });
    if (before !== level) {
      await this.notifier.notify(manager, user.id, {
        kind: SafetyNotificationKind.VerificationChanged,
        title: level === 'none' ? 'Your company is no longer verified' : 'Your company is verified',
        body:
          `Your company is now ${LABELS[level]}.` +
          (by.method === 'admin' && by.note ? ` Note from the admins: ${by.note}` : ''),
        link: EMPLOYER_VERIFICATION_PATH,
      });
    }
    return row;
  }

  /** The admins' queue: registration requests, oldest first (`pending`: those no admin decided yet). */
  async list(query: {
    status: 'pending' | 'all';
    limit: number;
    cursor?: string;
  }): Promise<Collection<AdminVerificationRequest>> {
    const after = decodeCursor(query.cursor, oldestFirstPosition);
    const rows = await this.requests.listRegistrations(this.dataSource, query.status === 'pending', query.limit, after);
    return toPage(rows, query.limit, toAdminRequest, (row) => [row.cursor_micros, row.id]);
  }
}
