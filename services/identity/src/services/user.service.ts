import { Inject, Injectable } from '@nestjs/common';
import {
  type AvatarChange,
  avatarFileUrl,
  avatarUploadId,
  type changePasswordSchema,
  IdentityErrorCode,
  type loginSchema,
  type Onboarding,
  type onboardingSchema,
  type PublicUser,
  type signupSchema,
  type updateProfileSchema,
  type User,
  UserRegisteredV1,
  UserUpdatedV1,
  NotFoundCode,
} from '@projectory/contracts';
import { isUniqueViolation, notFound, OutboxService, SERVICE_CONFIG, ValidationException } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { IdentityException } from '../exceptions/identity.exception.js';
import type { IdentityConfig } from '../identity.config.js';
import {
  type NewUser,
  toOnboarding,
  toPublicUser,
  toSnapshot,
  toUser,
  USER_EMAIL_UNIQUE,
  UserRepository,
  type UserRow,
} from '../repositories/user.repository.js';
import { DeviceCookieService } from './device-cookie.service.js';
import { PasswordService } from './password.service.js';
import { clientInfo, SessionService } from './session.service.js';
import { type ThrottleRule, ThrottleService } from './throttle.service.js';

/** Trimmed, NFKC-normalised, lower-cased: one account per mailbox however it is typed. */
export const normalizeEmail = (email: string): string => email.normalize('NFKC').trim().toLowerCase();

@Injectable()
export class UserService {
  private readonly adminEmails: Set<string>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly users: UserRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly devices: DeviceCookieService,
    private readonly throttle: ThrottleService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.adminEmails = new Set(config.ADMIN_EMAILS.split(',').map(normalizeEmail).filter(Boolean));
  }

  isAdminEmail(email: string): boolean {
    return this.adminEmails.has(normalizeEmail(email));
  }

  async signup(input: z.infer<typeof signupSchema>, request: FastifyRequest, reply: FastifyReply): Promise<User> {
    const { ip } = clientInfo(request);
    await this.throttle.consume([
      { key: `signup:ip:${ip}`, limit: this.config.SIGNUPS_PER_IP_PER_HOUR, windowMinutes: 60 },
    ]);
    const email = normalizeEmail(input.email);
    const passwordHash = await this.newPasswordHash(input.password, 'password');
    let user: UserRow;
    try {
      user = await this.dataSource.transaction(async (manager) => {
        const inserted = await this.insert(manager, {
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: this.isAdminEmail(email) ? 'admin' : input.role,
        });
        await this.sessions.start(manager, inserted.id, false, request, reply);
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error, USER_EMAIL_UNIQUE))
        throw new IdentityException(IdentityErrorCode.EmailTaken, 'email');
      throw error;
    }
    this.devices.remember(request, reply, user.id);
    return toUser(user);
  }

  /** Inserts a user and announces it (UserRegistered) in the caller's transaction. */
  async insert(manager: EntityManager, fields: NewUser): Promise<UserRow> {
    const user = await this.users.insert(manager, fields);
    await this.outbox.add(manager, UserRegisteredV1, user.id, toSnapshot(user));
    return user;
  }

  /**
   * Failed sign-ins are counted per client IP and per account, or, from a browser that signed in to
   * this account before (its device cookie), per device instead of per account: someone locking the
   * account with wrong passwords does not lock its owner's known browsers out (ADR 0011).
   */
  async login(input: z.infer<typeof loginSchema>, request: FastifyRequest, reply: FastifyReply): Promise<User> {
    const email = normalizeEmail(input.email);
    const found = await this.users.findCredentialsByEmail(this.dataSource, email);
    const device = found ? this.devices.recognise(request, found.user.id) : null;
    const rules = this.failureRules('login', device ? `device:${device}` : `account:${email}`, request);
    await this.throttle.assertAllowed(rules);
    // Unknown e-mail and wrong password take the same time and get the same answer.
    if (!(await this.passwords.verify(found?.passwordHash, input.password)) || !found) {
      await this.throttle.hit(rules);
      throw new IdentityException(IdentityErrorCode.InvalidCredentials);
    }
    await this.throttle.clear(rules[0]!.key);
    // Only after the password: the answer does not tell a stranger that the account exists.
    if (found.user.suspended_at) throw new IdentityException(IdentityErrorCode.AccountSuspended);
    const user = await this.dataSource.transaction(async (manager) => {
      const promoted = await this.promoteIfAdmin(manager, found.user);
      await this.sessions.start(manager, promoted.id, input.rememberMe, request, reply);
      return promoted;
    });
    this.devices.remember(request, reply, user.id);
    return toUser(user);
  }

  /**
   * Failed password checks of one kind (sign-in, password change) counted for one subject (an account
   * or a known device) and per client IP (ADR 0005): the subject's rule first.
   */
  private failureRules(kind: 'login' | 'password', subject: string, request: FastifyRequest): ThrottleRule[] {
    const windowMinutes = this.config.LOGIN_FAILURE_WINDOW_MINUTES;
    return [
      { key: `${kind}:${subject}`, limit: this.config.LOGIN_FAILURES_PER_ACCOUNT, windowMinutes },
      { key: `${kind}:ip:${clientInfo(request).ip}`, limit: this.config.LOGIN_FAILURES_PER_IP, windowMinutes },
    ];
  }

  /** An e-mail added to ADMIN_EMAILS after sign-up becomes admin at the next sign-in. */
  async promoteIfAdmin(manager: EntityManager, user: UserRow): Promise<UserRow> {
    if (user.role === 'admin' || !this.isAdminEmail(user.email)) return user;
    return this.announceUpdate(manager, await this.users.setRole(manager, user.id, 'admin'));
  }

  /** UserUpdated for a changed user, in the caller's transaction. */
  private async announceUpdate(manager: EntityManager, user: UserRow): Promise<UserRow> {
    await this.outbox.add(manager, UserUpdatedV1, user.id, toSnapshot(user));
    return user;
  }

  private async get(userId: string): Promise<UserRow> {
    const user = await this.users.findById(this.dataSource, userId);
    if (!user) throw notFound(NotFoundCode.User);
    return user;
  }

  async profile(userId: string): Promise<User> {
    return toUser(await this.get(userId));
  }

  async updateProfile(userId: string, changes: z.infer<typeof updateProfileSchema>): Promise<User> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.updateProfile(manager, userId, changes);
      if (!user) throw notFound(NotFoundCode.User);
      // Only students are found by employers; the change is rolled back with the 400.
      if (changes.discoverable && user.role !== 'student') {
        throw new ValidationException([{ path: 'discoverable', message: 'Only students can be found by employers' }]);
      }
      return toUser(await this.announceUpdate(manager, user));
    });
  }

  /** What a candidate profile shows of the user (the gateway decides who may see it). */
  async publicProfile(userId: string): Promise<PublicUser> {
    return toPublicUser(await this.get(userId));
  }

  /**
   * Points the picture at an avatar upload portfolio has just handed over to this user, and names the
   * upload of the picture it replaces (for the caller to discard).
   */
  async setAvatar(userId: string, uploadId: string): Promise<AvatarChange> {
    return this.dataSource.transaction(async (manager) => {
      const before = await this.users.lockById(manager, userId);
      if (!before) throw notFound(NotFoundCode.User);
      const user = await this.users.updateProfile(manager, userId, { profileImageUrl: avatarFileUrl(uploadId) });
      const previous = avatarUploadId(before.profile_image_url);
      return {
        user: toUser(await this.announceUpdate(manager, user!)),
        previousUploadId: previous === uploadId ? null : previous,
      };
    });
  }

  /** Checks the current password, then revokes every session and starts a new one for this browser. */
  async changePassword(
    userId: string,
    input: z.infer<typeof changePasswordSchema>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<User> {
    const found = await this.users.findCredentialsById(this.dataSource, userId);
    if (!found) throw notFound(NotFoundCode.User);
    const { user, passwordHash: currentHash } = found;
    // Throttled like sign-in: a stolen session must not become a way to guess the password.
    const rules = this.failureRules('password', `account:${user.id}`, request);
    await this.throttle.assertAllowed(rules);
    if (!(await this.passwords.verify(currentHash, input.currentPassword))) {
      await this.throttle.hit(rules);
      throw new IdentityException(IdentityErrorCode.InvalidCredentials, 'currentPassword');
    }
    await this.throttle.clear(rules[0]!.key);
    const passwordHash = await this.newPasswordHash(input.newPassword, 'newPassword');
    await this.dataSource.transaction(async (manager) => {
      await this.storePassword(manager, user.id, passwordHash);
      await this.sessions.start(manager, user.id, false, request, reply);
    });
    return toUser(user);
  }

  /** The hash of an acceptable new password; 400 on `field` for a common one. */
  async newPasswordHash(password: string, field: string): Promise<string> {
    if (this.passwords.isCommon(password)) {
      throw new ValidationException([{ path: field, message: 'This password is too common' }]);
    }
    return this.passwords.hash(password);
  }

  /** Replaces the password and revokes every session of the user, in the caller's transaction. */
  async storePassword(manager: EntityManager, userId: string, passwordHash: string): Promise<void> {
    await this.users.setPasswordHash(manager, userId, passwordHash);
    await this.sessions.revokeAllOfUser(manager, userId);
  }

  async onboarding(userId: string): Promise<Onboarding> {
    return toOnboarding(await this.get(userId));
  }

  async saveOnboarding(userId: string, input: z.infer<typeof onboardingSchema>): Promise<Onboarding> {
    const completedAt = input.hasCompletedTutorial ? new Date(input.completedAt ?? Date.now()) : null;
    await this.users.setOnboarding(this.dataSource, userId, input.hasCompletedTutorial, completedAt);
    return { hasCompletedTutorial: input.hasCompletedTutorial, completedAt: completedAt?.toISOString() ?? null };
  }
}
