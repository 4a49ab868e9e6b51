import { Injectable } from '@nestjs/common';
import {
  type AdminAssessment,
  type AdminMatch,
  type AdminPersonRef,
  type AdminProject,
  type AdminSkill,
  type AdminUser,
  type AdminUserStatus,
  CULTURE_DIMENSION_LABELS,
  CULTURE_DIMENSIONS,
  CORE_VALUES,
  type ExchangeType,
  type MatchStatus,
  type Plan,
} from '@projectory/contracts';
import {
  cursorParts,
  microsSql,
  type NewestFirstPosition,
  olderThanSql,
  queryRows,
  type Role,
  type Runner,
} from '@projectory/platform';
import { z } from 'zod';

/** `%q%` for LIKE on lower-cased text, its wildcards taken literally. */
export const likePattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Skills are browsed by category, then name, then id. */
export const skillPosition = z.tuple([cursorParts.text, cursorParts.text, cursorParts.id]);
export type SkillPosition = z.infer<typeof skillPosition>;

export interface AdminUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  plan: Plan;
  suspended: boolean;
  has_assessment: boolean;
  created_at: Date;
  cursor_micros: string;
}

export const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  role: row.role,
  plan: row.plan,
  suspended: row.suspended,
  hasAssessment: row.has_assessment,
  createdAt: row.created_at.toISOString(),
});

/** A person joined in by prefix (`s_`, `e_`): null fields until identity's snapshot arrives. */
type PersonColumns<P extends string> = {
  [K in `${P}first_name` | `${P}last_name` | `${P}email`]: string | null;
};

const person = (id: string, first: string | null, last: string | null, email: string | null): AdminPersonRef => ({
  id,
  firstName: first,
  lastName: last,
  email,
});

const personSelect = (alias: string, prefix: string) =>
  `${alias}.first_name AS ${prefix}first_name, ${alias}.last_name AS ${prefix}last_name, ${alias}.email AS ${prefix}email`;

export type AssessmentRow = PersonColumns<'u_'> & {
  user_id: string;
  result_id: string;
  role: Role;
  core_values: string[];
  vector: number[];
  completed_at: Date;
  cursor_micros: string;
};

const valueLabel = new Map(CORE_VALUES.map((option) => [option.value, option.label]));

export const toAdminAssessment = (row: AssessmentRow): AdminAssessment => ({
  id: row.result_id,
  user: { ...person(row.user_id, row.u_first_name, row.u_last_name, row.u_email), role: row.role },
  workingStyle: Object.fromEntries(
    CULTURE_DIMENSIONS.map((dimension, i) => [
      CULTURE_DIMENSION_LABELS[dimension],
      Math.round((row.vector[i] ?? 0) * 100),
    ]),
  ),
  valuesAlignment: row.core_values.map((value) => valueLabel.get(value) ?? value),
  completedAt: row.completed_at.toISOString(),
});

export interface SkillRow {
  skill_id: string;
  name: string;
  category: string;
  users: string;
}

export const toAdminSkill = (row: SkillRow): AdminSkill => ({
  id: row.skill_id,
  name: row.name,
  category: row.category,
  users: Number(row.users),
});

export type ProjectRow = PersonColumns<'e_'> & {
  id: string;
  employer_id: string;
  title: string;
  exchange_type: ExchangeType;
  is_active: boolean;
  archived: boolean;
  created_at: Date;
  cursor_micros: string;
};

export const toAdminProject = (row: ProjectRow): AdminProject => ({
  id: row.id,
  title: row.title,
  exchangeType: row.exchange_type,
  isActive: row.is_active,
  archived: row.archived,
  employer: person(row.employer_id, row.e_first_name, row.e_last_name, row.e_email),
  createdAt: row.created_at.toISOString(),
});

export type MatchRow = PersonColumns<'s_'> &
  PersonColumns<'e_'> & {
    id: string;
    project_id: string;
    project_title: string | null;
    student_id: string;
    employer_id: string;
    status: MatchStatus;
    match_score: number | null;
    created_at: Date;
    cursor_micros: string;
  };

export const toAdminMatch = (row: MatchRow): AdminMatch => ({
  id: row.id,
  student: person(row.student_id, row.s_first_name, row.s_last_name, row.s_email),
  project: {
    id: row.project_id,
    title: row.project_title,
    employer: person(row.employer_id, row.e_first_name, row.e_last_name, row.e_email),
  },
  compatibilityScore: row.match_score,
  status: row.status,
  createdAt: row.created_at.toISOString(),
});

export interface StatsRow {
  total_users: string;
  students: string;
  employers: string;
  admins: string;
  suspended: string;
  free: string;
  professional: string;
  enterprise: string;
  assessments: string;
  skills: string;
  matches: string;
  projects: string;
  active_projects: string;
  open_upgrade_requests: string;
  match_statuses: Record<string, number> | null;
}

export interface UserFilter {
  q?: string;
  role?: Role;
  status?: AdminUserStatus;
}

const USER_SELECT = `SELECT u.id, u.email, u.first_name, u.last_name, u.role, u.plan, u.suspended, u.created_at,
    EXISTS (SELECT 1 FROM assessments a WHERE a.user_id = u.id) AS has_assessment,
    ${microsSql('u.created_at')} AS cursor_micros
  FROM users u`;

/** Every read of the admin tabs, the stats and the exports: keyset pages only, newest first. */
@Injectable()
export class AdminQueryRepository {
  async users(runner: Runner, filter: UserFilter, limit: number, after?: NewestFirstPosition): Promise<AdminUserRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.q) where.push(`u.search_text LIKE $${params.push(likePattern(filter.q))}`);
    if (filter.role) where.push(`u.role = $${params.push(filter.role)}`);
    if (filter.status) where.push(`u.suspended = $${params.push(filter.status === 'suspended')}`);
    if (after) where.push(olderThanSql('u.created_at', 'u.id', after, params));
    return queryRows<AdminUserRow>(
      runner,
      `${USER_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY u.created_at DESC, u.id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  async assessments(runner: Runner, q: string | undefined, limit: number, after?: NewestFirstPosition) {
    const params: unknown[] = [];
    const where: string[] = [];
    if (q) where.push(`u.search_text LIKE $${params.push(likePattern(q))}`);
    if (after) where.push(olderThanSql('a.completed_at', 'a.user_id', after, params));
    return queryRows<AssessmentRow>(
      runner,
      `SELECT a.user_id, a.result_id, a.role, a.core_values, a.vector, a.completed_at, ${personSelect('u', 'u_')},
              ${microsSql('a.completed_at')} AS cursor_micros
         FROM assessments a LEFT JOIN users u ON u.id = a.user_id
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY a.completed_at DESC, a.user_id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  /** The skills users list, with how many list each: by category, then name. */
  async skills(runner: Runner, q: string | undefined, limit: number, after?: SkillPosition): Promise<SkillRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (q) where.push(`(lower(name) LIKE $${params.push(likePattern(q))} OR lower(category) LIKE $${params.length})`);
    const having = after
      ? `HAVING (category, name, skill_id) > ($${params.push(after[0])}, $${params.push(after[1])}, $${params.push(after[2])}::uuid)`
      : '';
    return queryRows<SkillRow>(
      runner,
      `SELECT skill_id, name, category, count(*) AS users FROM user_skills
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        GROUP BY category, name, skill_id ${having}
        ORDER BY category, name, skill_id LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  async projects(runner: Runner, q: string | undefined, limit: number, after?: NewestFirstPosition) {
    const params: unknown[] = [];
    const where: string[] = [];
    if (q) where.push(`(lower(p.title) LIKE $${params.push(likePattern(q))} OR e.search_text LIKE $${params.length})`);
    if (after) where.push(olderThanSql('p.created_at', 'p.id', after, params));
    return queryRows<ProjectRow>(
      runner,
      `${PROJECT_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY p.created_at DESC, p.id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  async matches(runner: Runner, q: string | undefined, limit: number, after?: NewestFirstPosition) {
    const params: unknown[] = [];
    const where: string[] = [];
    if (q) {
      const pattern = params.push(likePattern(q));
      where.push(
        `(s.search_text LIKE $${pattern} OR e.search_text LIKE $${pattern} OR lower(p.title) LIKE $${pattern})`,
      );
    }
    if (after) where.push(olderThanSql('m.created_at', 'm.id', after, params));
    return queryRows<MatchRow>(
      runner,
      `SELECT m.id, m.project_id, p.title AS project_title, m.student_id, m.employer_id, m.status, m.match_score,
              m.created_at, ${personSelect('s', 's_')}, ${personSelect('e', 'e_')},
              ${microsSql('m.created_at')} AS cursor_micros
         FROM matches m
         LEFT JOIN projects p ON p.id = m.project_id
         LEFT JOIN users s ON s.id = m.student_id
         LEFT JOIN users e ON e.id = m.employer_id
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY m.created_at DESC, m.id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  /**
   * The admin figures in one round trip. Counting the read model's tables is the admin console's
   * occasional read, not a listing's hot path (docs in services/admin/README.md).
   */
  async stats(runner: Runner): Promise<StatsRow> {
    const rows = await queryRows<StatsRow>(
      runner,
      `SELECT
         (SELECT count(*) FROM users) AS total_users,
         (SELECT count(*) FROM users WHERE role = 'student') AS students,
         (SELECT count(*) FROM users WHERE role = 'employer') AS employers,
         (SELECT count(*) FROM users WHERE role = 'admin') AS admins,
         (SELECT count(*) FROM users WHERE suspended) AS suspended,
         (SELECT count(*) FROM users WHERE plan = 'free') AS free,
         (SELECT count(*) FROM users WHERE plan = 'professional') AS professional,
         (SELECT count(*) FROM users WHERE plan = 'enterprise') AS enterprise,
         (SELECT count(*) FROM assessments) AS assessments,
         (SELECT count(DISTINCT skill_id) FROM user_skills) AS skills,
         (SELECT count(*) FROM matches) AS matches,
         (SELECT count(*) FROM projects WHERE NOT archived) AS projects,
         (SELECT count(*) FROM projects WHERE NOT archived AND is_active) AS active_projects,
         (SELECT count(*) FROM upgrade_requests WHERE status = 'open') AS open_upgrade_requests,
         (SELECT jsonb_object_agg(status, n) FROM (SELECT status, count(*) AS n FROM matches GROUP BY status) s)
           AS match_statuses`,
    );
    return rows[0]!;
  }

  /** The active admins' ids (upgrade requests notify them). */
  async adminIds(runner: Runner): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(runner, `SELECT id FROM users WHERE role = 'admin' AND NOT suspended`);
    return rows.map((row) => row.id);
  }

  async plan(runner: Runner, userId: string): Promise<Plan | null> {
    const rows = await queryRows<{ plan: Plan }>(runner, 'SELECT plan FROM users WHERE id = $1', [userId]);
    return rows[0]?.plan ?? null;
  }
}

const PROJECT_SELECT = `SELECT p.id, p.employer_id, p.title, p.exchange_type, p.is_active, p.archived, p.created_at,
    ${personSelect('e', 'e_')}, ${microsSql('p.created_at')} AS cursor_micros
  FROM projects p LEFT JOIN users e ON e.id = p.employer_id`;
