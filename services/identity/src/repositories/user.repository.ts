import { Injectable } from '@nestjs/common';
import type {
  Onboarding,
  Plan,
  ProfileLink,
  PublicUser,
  User,
  UserSnapshot,
  VerificationLevel,
} from '@projectory/contracts';
import { queryRows, type Role, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

/** The unique constraint on `users.email`: a second account for the same mailbox. */
export const USER_EMAIL_UNIQUE = 'users_email_key';

/** A row of `users` as every read returns it: without `password_hash`, which only the credential reads carry. */
export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  plan: Plan;
  headline: string | null;
  bio: string | null;
  location: string | null;
  company: string | null;
  /** Employers: the company's http(s) address. */
  website: string | null;
  /** Employers' verification level (trust and safety); 'none' for everyone else. */
  verification: VerificationLevel;
  profile_image_url: string | null;
  school: string | null;
  major: string | null;
  graduation_year: number | null;
  links: ProfileLink[];
  /** Students: whether employers may find them (talent search). */
  discoverable: boolean;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  tutorial_completed: boolean;
  tutorial_completed_at: Date | null;
  /** Set while an admin has the account suspended: no sign-in, no live session. */
  suspended_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A user with the password hash, kept apart so that the hash never travels with the row into a response. */
export interface UserCredentials {
  user: UserRow;
  passwordHash: string | null;
}

export interface NewUser {
  email: string;
  /** Null for an account that signs in through OpenID Connect only. */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  oidcIssuer?: string | null;
  oidcSubject?: string | null;
}

/** The fields a user may change on their profile; an absent (undefined) field stays as it is. */
export type ProfileChanges = Partial<
  Pick<
    User,
    | 'firstName'
    | 'lastName'
    | 'headline'
    | 'bio'
    | 'location'
    | 'company'
    | 'website'
    | 'profileImageUrl'
    | 'school'
    | 'major'
    | 'graduationYear'
    | 'links'
    | 'discoverable'
  >
>;

const PROFILE_COLUMNS: Record<keyof ProfileChanges, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  headline: 'headline',
  bio: 'bio',
  location: 'location',
  company: 'company',
  website: 'website',
  profileImageUrl: 'profile_image_url',
  school: 'school',
  major: 'major',
  graduationYear: 'graduation_year',
  links: 'links',
  discoverable: 'discoverable',
};

const COLUMNS = `id, email, first_name, last_name, role, plan, headline, bio, location, company, website, verification, profile_image_url,
  school, major, graduation_year, links, discoverable, oidc_issuer, oidc_subject, tutorial_completed, tutorial_completed_at, suspended_at, created_at, updated_at`;

/** The public `User` of API.md. */
export function toUser(row: UserRow): User {
  return {
    ...toPublicUser(row),
    email: row.email,
    plan: row.plan,
    company: row.company,
    website: row.website,
    discoverable: row.role === 'student' && row.discoverable,
    createdAt: row.created_at.toISOString(),
  };
}

/** What a candidate profile shows of the user: no e-mail address, plan or dates. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    headline: row.headline,
    bio: row.bio,
    location: row.location,
    school: row.school,
    major: row.major,
    graduationYear: row.graduation_year,
    links: row.links,
    profileImageUrl: row.profile_image_url,
  };
}

/** What other services learn through UserRegistered/UserUpdated (not the bio or the links). */
export function toSnapshot(row: UserRow): UserSnapshot {
  const { id, bio: _bio, links: _links, ...rest } = toUser(row);
  return {
    userId: id,
    ...rest,
    suspended: row.suspended_at !== null,
    verification: row.role === 'employer' ? row.verification : 'none',
  };
}

export function toOnboarding(row: UserRow): Onboarding {
  return {
    hasCompletedTutorial: row.tutorial_completed,
    completedAt: row.tutorial_completed_at?.toISOString() ?? null,
  };
}

/** Accounts (`users`), their OpenID Connect link (issuer and subject) and their onboarding record. */
@Injectable()
export class UserRepository {
  /** Fails with a unique violation of USER_EMAIL_UNIQUE when the e-mail has an account already. */
  async insert(runner: Runner, user: NewUser): Promise<UserRow> {
    const rows = await queryRows<UserRow>(
      runner,
      `INSERT INTO users (email, password_hash, first_name, last_name, role, oidc_issuer, oidc_subject)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING ${COLUMNS}`,
      [
        user.email,
        user.passwordHash,
        user.firstName,
        user.lastName,
        user.role,
        user.oidcIssuer ?? null,
        user.oidcSubject ?? null,
      ],
    );
    return rows[0]!;
  }

  async findById(runner: Runner, id: string): Promise<UserRow | null> {
    const rows = await queryRows<UserRow>(runner, `SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The row, locked until the caller's transaction ends. */
  async lockById(manager: EntityManager, id: string): Promise<UserRow | null> {
    const rows = await queryRows<UserRow>(manager, `SELECT ${COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async findByEmail(runner: Runner, email: string): Promise<UserRow | null> {
    const rows = await queryRows<UserRow>(runner, `SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);
    return rows[0] ?? null;
  }

  async findByOidcSubject(runner: Runner, issuer: string, subject: string): Promise<UserRow | null> {
    const rows = await queryRows<UserRow>(
      runner,
      `SELECT ${COLUMNS} FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2`,
      [issuer, subject],
    );
    return rows[0] ?? null;
  }

  /** For sign-in only: the one read of the password hash by e-mail. */
  findCredentialsByEmail(runner: Runner, email: string): Promise<UserCredentials | null> {
    return this.findCredentials(runner, 'email', email);
  }

  /** For a password change only: the one read of the password hash by id. */
  findCredentialsById(runner: Runner, id: string): Promise<UserCredentials | null> {
    return this.findCredentials(runner, 'id', id);
  }

  private async findCredentials(runner: Runner, by: 'id' | 'email', value: string): Promise<UserCredentials | null> {
    const rows = await queryRows<UserRow & { password_hash: string | null }>(
      runner,
      `SELECT ${COLUMNS}, password_hash FROM users WHERE ${by} = $1`,
      [value],
    );
    const row = rows[0];
    if (!row) return null;
    const { password_hash: passwordHash, ...user } = row;
    return { user, passwordHash };
  }

  /** Applies the given profile fields; null when there is no such user. */
  async updateProfile(runner: Runner, id: string, changes: ProfileChanges): Promise<UserRow | null> {
    const params: unknown[] = [id];
    const assignments: string[] = [];
    for (const [field, column] of Object.entries(PROFILE_COLUMNS) as [keyof ProfileChanges, string][]) {
      const value = changes[field];
      if (value === undefined) continue;
      // node-postgres would send an array as a Postgres array: jsonb takes it as JSON text.
      params.push(field === 'links' ? JSON.stringify(value) : value);
      assignments.push(`${column} = $${params.length}${field === 'links' ? '::jsonb' : ''}`);
    }
    assignments.push('updated_at = now()');
    const rows = await queryRows<UserRow>(
      runner,
      `UPDATE users SET ${assignments.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
      params,
    );
    return rows[0] ?? null;
  }

  async setRole(runner: Runner, id: string, role: Role): Promise<UserRow> {
    const rows = await queryRows<UserRow>(
      runner,
      `UPDATE users SET role = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, role],
    );
    return rows[0]!;
  }

  /** An admin's change of plan, role or suspension (undefined: unchanged); the row after it. */
  async applyAdminChange(
    runner: Runner,
    id: string,
    change: { plan?: Plan; role?: Role; suspended?: boolean; reason?: string },
  ): Promise<UserRow> {
    const rows = await queryRows<UserRow>(
      runner,
      `UPDATE users SET
           plan = coalesce($2, plan),
           role = coalesce($3, role),
           suspended_at = CASE WHEN $4::boolean IS NULL THEN suspended_at
                               WHEN $4 THEN coalesce(suspended_at, now()) ELSE NULL END,
           suspended_reason = CASE WHEN $4::boolean IS NULL THEN suspended_reason WHEN $4 THEN $5 ELSE NULL END,
           updated_at = now()
         WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, change.plan ?? null, change.role ?? null, change.suspended ?? null, change.reason ?? null],
    );
    return rows[0]!;
  }

  /** Sets an employer's verification level; the row after it. */
  async setVerification(runner: Runner, id: string, level: VerificationLevel): Promise<UserRow> {
    const rows = await queryRows<UserRow>(
      runner,
      `UPDATE users SET verification = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, level],
    );
    return rows[0]!;
  }

  /** Admins who can still act (not suspended), other than `exceptId`. */
  async countOtherActiveAdmins(runner: Runner, exceptId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      runner,
      `SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND suspended_at IS NULL AND id <> $1`,
      [exceptId],
    );
    return rows[0]!.n;
  }

  /** Links the account to a provider's subject. */
  async linkOidc(runner: Runner, id: string, issuer: string, subject: string): Promise<UserRow> {
    const rows = await queryRows<UserRow>(
      runner,
      `UPDATE users SET oidc_issuer = $2, oidc_subject = $3, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, issuer, subject],
    );
    return rows[0]!;
  }

  async setPasswordHash(runner: Runner, id: string, passwordHash: string): Promise<void> {
    await queryRows(runner, 'UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      id,
      passwordHash,
    ]);
  }

  async setOnboarding(runner: Runner, id: string, completed: boolean, completedAt: Date | null): Promise<void> {
    await queryRows(
      runner,
      'UPDATE users SET tutorial_completed = $2, tutorial_completed_at = $3, updated_at = now() WHERE id = $1',
      [id, completed, completedAt],
    );
  }
}
