import { Injectable } from '@nestjs/common';
import type { InvitationStatus, TalentCard } from '@projectory/contracts';
import { microsSql, type NewestFirstPosition, olderThanSql, queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { skillKey } from '../../scoring/index.js';

/** What a search asks besides its order: the words, catalog skill keys (all held), verified only, a year. */
export interface TalentFilters {
  q?: string;
  skillKeys: string[];
  verifiedOnly: boolean;
  graduationYear?: number;
}

/** A talent card's row, before the fit (which the service explains from the read models). */
export interface TalentRow {
  student_id: string;
  first_name: string;
  last_name: string;
  headline: string | null;
  school: string | null;
  major: string | null;
  graduation_year: number | null;
  profile_image_url: string | null;
  skills: string[];
  verified_skills: string[];
  verified_count: number;
  credentials_count: number;
  shortlisted: boolean;
  invitation: { id: string; projectId: string; status: InvitationStatus } | null;
}

export const toTalentCard = (row: TalentRow, fit: TalentCard['fit']): TalentCard => ({
  id: row.student_id,
  firstName: row.first_name,
  lastName: row.last_name,
  headline: row.headline,
  school: row.school,
  major: row.major,
  graduationYear: row.graduation_year,
  profileImageUrl: row.profile_image_url,
  verifiedSkills: row.verified_skills,
  skills: row.skills,
  credentialsCount: row.credentials_count,
  fit,
  shortlisted: row.shortlisted,
  invitation: row.invitation,
});

/** Words of `q` as a prefix query ("ada lov" finds "Ada Lovelace"); null when nothing searchable is left. */
export function prefixQuery(q: string | undefined): string | null {
  const words = (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0
    ? words
        .slice(0, 8)
        .map((word) => `${word}:*`)
        .join(' & ')
    : null;
}

/** Whether `employer` and the student of `t` blocked each other (either way: blocked_pairs holds a < b). */
const notBlocked = (employer: string) =>
  `NOT EXISTS (SELECT 1 FROM blocked_pairs bp WHERE bp.a = least(${employer}, t.student_id) AND bp.b = greatest(${employer}, t.student_id))`;

/**
 * The SQL conditions of `filters` on `talent t`, their values appended to `params`. `byKey`: rows are
 * picked by primary key already, so the skills are checked on each row (`coalesce` keeps the planner
 * from reading the whole GIN index of everyone holding them, B20).
 */
function filterSql(filters: TalentFilters, employerId: string, params: unknown[], byKey = false): string[] {
  const conditions = [notBlocked(`$${params.push(employerId)}::uuid`)];
  if (filters.skillKeys.length > 0) {
    const column = `t.${filters.verifiedOnly ? 'verified_keys' : 'skill_keys'}`;
    conditions.push(`${byKey ? `coalesce(${column}, '{}')` : column} @> $${params.push(filters.skillKeys)}::text[]`);
  } else if (filters.verifiedOnly) {
    conditions.push('t.verified_count > 0');
  }
  if (filters.graduationYear !== undefined)
    conditions.push(`t.graduation_year = $${params.push(filters.graduationYear)}`);
  const words = prefixQuery(filters.q);
  if (words) conditions.push(`t.search @@ to_tsquery('simple', $${params.push(words)})`);
  return conditions;
}

/** A card's columns for `employer`: the shortlist mark, their latest invitation, the active credentials. */
const CARD_COLUMNS = (employer: string) => `t.student_id, t.first_name, t.last_name, t.headline, t.school, t.major,
  t.graduation_year, t.profile_image_url, t.skills, t.verified_skills, t.verified_count,
  (SELECT count(*)::int FROM student_credentials c WHERE c.student_id = t.student_id AND NOT c.revoked) AS credentials_count,
  EXISTS (SELECT 1 FROM shortlists s WHERE s.employer_id = ${employer} AND s.student_id = t.student_id) AS shortlisted,
  (SELECT json_build_object('id', i.id, 'projectId', i.project_id, 'status', i.status) FROM invitations i
    WHERE i.employer_id = ${employer} AND i.student_id = t.student_id ORDER BY i.created_at DESC LIMIT 1) AS invitation`;

/** What a card shows of the student, as `people` and `talent` both name it. */
const PROFILE_COLUMNS = [
  'first_name',
  'last_name',
  'headline',
  'school',
  'major',
  'graduation_year',
  'profile_image_url',
] as const;

/** Every SQL statement of the talent search, shortlists, blocked pairs and credential counts (ADR 0009, ADR 0022). */
@Injectable()
export class TalentRepository {
  /**
   * Rewrites the student's row of the search from people and student_skills: present while they are a
   * discoverable, unsuspended student, gone otherwise (so also from every result and shortlist at once).
   */
  async refresh(manager: EntityManager, userId: string): Promise<void> {
    type Person = Pick<TalentRow, (typeof PROFILE_COLUMNS)[number]> & {
      searchable: boolean;
      skills: { name: string; verified: boolean }[] | null;
    };
    const [person] = await queryRows<Person>(
      manager,
      `SELECT p.role = 'student' AND p.discoverable AND NOT p.suspended AS searchable,
              ${PROFILE_COLUMNS.map((column) => `p.${column}`).join(', ')}, s.skills
         FROM people p LEFT JOIN student_skills s ON s.user_id = p.id WHERE p.id = $1`,
      [userId],
    );
    if (!person?.searchable) {
      await queryRows(manager, 'DELETE FROM talent WHERE student_id = $1', [userId]);
      return;
    }
    const skills = person.skills ?? [];
    const verified = skills.filter((skill) => skill.verified);
    const keys = (list: { name: string }[]) => [...new Set(list.map((skill) => skillKey(skill.name)).filter(Boolean))];
    const text = [
      person.first_name,
      person.last_name,
      person.headline,
      person.school,
      person.major,
      ...skills.map((s) => s.name),
    ]
      .filter(Boolean)
      .join(' ');
    await queryRows(
      manager,
      `INSERT INTO talent (student_id, first_name, last_name, headline, school, major, graduation_year, profile_image_url,
         skills, verified_skills, skill_keys, verified_keys, verified_count, search)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, to_tsvector('simple', $14))
       ON CONFLICT (student_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         headline = EXCLUDED.headline, school = EXCLUDED.school, major = EXCLUDED.major,
         graduation_year = EXCLUDED.graduation_year, profile_image_url = EXCLUDED.profile_image_url,
         skills = EXCLUDED.skills, verified_skills = EXCLUDED.verified_skills, skill_keys = EXCLUDED.skill_keys,
         verified_keys = EXCLUDED.verified_keys, verified_count = EXCLUDED.verified_count, search = EXCLUDED.search`,
      [
        userId,
        person.first_name,
        person.last_name,
        person.headline,
        person.school,
        person.major,
        person.graduation_year,
        person.profile_image_url,
        skills.map((skill) => skill.name),
        verified.map((skill) => skill.name),
        keys(skills),
        keys(verified),
        verified.length,
        text,
      ],
    );
  }

  /** Most verified skills first (then id): `limit + 1` cards after the keyset position. */
  search(
    runner: Runner,
    employerId: string,
    filters: TalentFilters,
    limit: number,
    after?: [verifiedCount: number, studentId: string],
  ): Promise<TalentRow[]> {
    const params: unknown[] = [];
    const conditions = filterSql(filters, employerId, params);
    if (after)
      conditions.push(
        `(-t.verified_count, t.student_id) > (-$${params.push(after[0])}::int, $${params.push(after[1])}::uuid)`,
      );
    return queryRows<TalentRow>(
      runner,
      `SELECT ${CARD_COLUMNS('$1::uuid')} FROM talent t WHERE ${conditions.join(' AND ')}
        ORDER BY t.verified_count DESC, t.student_id LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  /** Which of `ids` the search would show `employerId` with `filters` (any order). */
  async eligible(
    runner: Runner,
    employerId: string,
    filters: TalentFilters,
    ids: readonly string[],
  ): Promise<Set<string>> {
    const params: unknown[] = [];
    const conditions = filterSql(filters, employerId, params, true);
    const rows = await queryRows<{ student_id: string }>(
      runner,
      `SELECT t.student_id FROM talent t WHERE t.student_id = ANY($${params.push(ids)}::uuid[]) AND ${conditions.join(' AND ')}`,
      params,
    );
    return new Set(rows.map((row) => row.student_id));
  }

  /** The cards of `ids` that are still searchable, in no particular order. */
  cards(runner: Runner, employerId: string, ids: readonly string[]): Promise<TalentRow[]> {
    return queryRows<TalentRow>(
      runner,
      `SELECT ${CARD_COLUMNS('$1::uuid')} FROM talent t WHERE t.student_id = ANY($2::uuid[]) AND ${notBlocked('$1::uuid')}`,
      [employerId, ids],
    );
  }

  /** The employer's shortlist, newest first, searchable students only; `limit + 1` rows after the position. */
  shortlist(runner: Runner, employerId: string, limit: number, after?: NewestFirstPosition) {
    const params: unknown[] = [employerId];
    const position = after ? `AND ${olderThanSql('s.created_at', 's.student_id', after, params)}` : '';
    return queryRows<TalentRow & { position: string }>(
      runner,
      `SELECT ${CARD_COLUMNS('$1::uuid')}, ${microsSql('s.created_at')} AS position
         FROM shortlists s JOIN talent t ON t.student_id = s.student_id
        WHERE s.employer_id = $1 AND ${notBlocked('$1::uuid')} ${position}
        ORDER BY s.created_at DESC, s.student_id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  /** Whether the student is searchable (discoverable, unsuspended) for the employer. */
  async findable(runner: Runner, employerId: string, studentId: string): Promise<boolean> {
    const rows = await queryRows(
      runner,
      `SELECT 1 FROM talent t WHERE t.student_id = $2 AND ${notBlocked('$1::uuid')}`,
      [employerId, studentId],
    );
    return rows.length > 0;
  }

  async shortlistAdd(runner: Runner, employerId: string, studentId: string): Promise<void> {
    await queryRows(runner, 'INSERT INTO shortlists (employer_id, student_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      employerId,
      studentId,
    ]);
  }

  async shortlistRemove(runner: Runner, employerId: string, studentId: string): Promise<void> {
    await queryRows(runner, 'DELETE FROM shortlists WHERE employer_id = $1 AND student_id = $2', [
      employerId,
      studentId,
    ]);
  }

  /** Whether the two blocked each other either way. */
  async blocked(runner: Runner, a: string, b: string): Promise<boolean> {
    const rows = await queryRows(
      runner,
      'SELECT 1 FROM blocked_pairs WHERE a = least($1::uuid, $2::uuid) AND b = greatest($1::uuid, $2::uuid)',
      [a, b],
    );
    return rows.length > 0;
  }

  /** BlockChanged: the pair (a < b) is blocked now, or no longer. */
  async applyBlock(runner: Runner, [a, b]: [string, string], blocked: boolean): Promise<void> {
    await queryRows(
      runner,
      blocked
        ? 'INSERT INTO blocked_pairs (a, b) VALUES ($1, $2) ON CONFLICT DO NOTHING'
        : 'DELETE FROM blocked_pairs WHERE a = $1 AND b = $2',
      [a, b],
    );
  }

  /** CredentialIssued / CredentialRevoked: the student's credential, active or revoked (revoking is final). */
  async applyCredential(runner: Runner, credentialId: string, studentId: string, revoked: boolean): Promise<void> {
    await queryRows(
      runner,
      `INSERT INTO student_credentials (credential_id, student_id, revoked) VALUES ($1, $2, $3)
       ON CONFLICT (credential_id) DO UPDATE SET revoked = student_credentials.revoked OR EXCLUDED.revoked`,
      [credentialId, studentId, revoked],
    );
  }
}
