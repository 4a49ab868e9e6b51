import { Injectable } from '@nestjs/common';
import type { ExchangeType, Project, ProjectSnapshot } from '@projectory/contracts';
import {
  cursorParts,
  microsSql,
  type NewestFirstPosition,
  olderThanSql,
  queryRows,
  timestampSql,
} from '@projectory/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { websearchText } from '../domain/search-text.js';

type Runner = DataSource | EntityManager;

export interface ProjectRow {
  id: string;
  employer_id: string;
  title: string;
  description: string;
  exchange_type: ExchangeType;
  exchange_description: string | null;
  duration: string | null;
  required_skills: string[];
  cultural_values: string[];
  is_active: boolean;
  /** Set while an admin has the project deactivated: its employer cannot reactivate it. */
  moderated_at: Date | null;
  created_at: Date;
  applicant_count: number;
  cursor_micros: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  median_response_hours: number | null;
  response_rate: number | null;
}

export interface RankedProjectRow extends ProjectRow {
  rank: number;
}

/** The stored fields a create or an update writes. */
export interface ProjectFields {
  title: string;
  description: string;
  exchangeType: ExchangeType;
  exchangeDescription: string | null;
  duration: string | null;
  requiredSkills: string[];
  culturalValues: string[];
  isActive: boolean;
}

/** A search position leads with the row's rank, a float4 whose shortest decimal form round-trips exactly. */
export const rankedPosition = z.tuple([cursorParts.score, cursorParts.micros, cursorParts.id]);
export type RankedPosition = z.infer<typeof rankedPosition>;

/** Listed: what anyone signed in may browse and find. The partial indexes carry the same predicate. */
const LISTED = 'p.is_active AND p.archived_at IS NULL';

const COLUMNS = `p.id, p.employer_id, p.title, p.description, p.exchange_type, p.exchange_description, p.duration,
  p.required_skills, p.cultural_values, p.is_active, p.moderated_at, p.created_at, p.applicant_count,
  ${microsSql('p.created_at')} AS cursor_micros, e.first_name, e.last_name, e.company,
  er.median_response_hours, er.response_rate`;

/** A project with its employer's names and response figures (from identity's and matching's events). */
const WITH_EMPLOYER = `projects p LEFT JOIN people e ON e.id = p.employer_id
  LEFT JOIN employer_responsiveness er ON er.employer_id = p.employer_id`;

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    exchangeType: row.exchange_type,
    exchangeDescription: row.exchange_description,
    duration: row.duration,
    requiredSkills: row.required_skills,
    culturalValues: row.cultural_values,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    employer: {
      id: row.employer_id,
      firstName: row.first_name ?? '',
      lastName: row.last_name ?? '',
      company: row.company,
      medianResponseHours: row.median_response_hours ?? null,
      responseRate: row.response_rate ?? null,
    },
    applicantCount: row.applicant_count,
  };
}

/** What ProjectCreated/ProjectUpdated carry: the whole project, so consumers simply replace their copy. */
export function toSnapshot(row: ProjectRow): ProjectSnapshot {
  return {
    projectId: row.id,
    employerId: row.employer_id,
    title: row.title,
    description: row.description,
    exchangeType: row.exchange_type,
    duration: row.duration,
    requiredSkills: row.required_skills,
    culturalValues: row.cultural_values,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
  };
}

/** Every read and write of `projects`, in SQL (search and paging: ADR 0008). */
@Injectable()
export class ProjectRepository {
  async insert(manager: EntityManager, employerId: string, fields: ProjectFields): Promise<ProjectRow> {
    const [{ id }] = (await queryRows<{ id: string }>(
      manager,
      `INSERT INTO projects (employer_id, title, description, exchange_type, exchange_description, duration,
                             required_skills, cultural_values, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING id`,
      [employerId, ...this.values(fields)],
    )) as [{ id: string }];
    return (await this.findNotArchived(manager, id))!;
  }

  async update(manager: EntityManager, id: string, fields: ProjectFields): Promise<ProjectRow> {
    await manager.query(
      `UPDATE projects SET title = $2, description = $3, exchange_type = $4, exchange_description = $5,
         duration = $6, required_skills = $7, cultural_values = $8, is_active = $9, updated_at = now()
       WHERE id = $1`,
      [id, ...this.values(fields)],
    );
    return (await this.findNotArchived(manager, id))!;
  }

  private values(fields: ProjectFields): unknown[] {
    return [
      fields.title,
      fields.description,
      fields.exchangeType,
      fields.exchangeDescription,
      fields.duration,
      fields.requiredSkills,
      fields.culturalValues,
      fields.isActive,
    ];
  }

  /** The employer's project, locked for a change; undefined when it is not theirs, archived or unknown. */
  async lockOwned(manager: EntityManager, id: string, employerId: string): Promise<ProjectRow | undefined> {
    const [locked] = await queryRows<{ id: string }>(
      manager,
      'SELECT id FROM projects WHERE id = $1 AND employer_id = $2 AND archived_at IS NULL FOR NO KEY UPDATE',
      [id, employerId],
    );
    return locked ? this.findNotArchived(manager, id) : undefined;
  }

  /** Any employer's project, locked for an admin's moderation; undefined when archived or unknown. */
  async lockForModeration(manager: EntityManager, id: string): Promise<ProjectRow | undefined> {
    const [locked] = await queryRows<{ id: string }>(
      manager,
      'SELECT id FROM projects WHERE id = $1 AND archived_at IS NULL FOR NO KEY UPDATE',
      [id],
    );
    return locked ? this.findNotArchived(manager, id) : undefined;
  }

  /** An admin deactivated (true) or reactivated (false) the project. */
  async setModerated(manager: EntityManager, id: string, moderated: boolean): Promise<void> {
    await queryRows(
      manager,
      'UPDATE projects SET moderated_at = CASE WHEN $2 THEN coalesce(moderated_at, now()) END WHERE id = $1',
      [id, moderated],
    );
  }

  /** Archives the employer's project; undefined when it is not theirs, already archived or unknown. */
  async archive(
    manager: EntityManager,
    id: string,
    employerId: string,
  ): Promise<{ id: string; employer_id: string; archived_at: Date } | undefined> {
    const [archived] = await queryRows<{ id: string; employer_id: string; archived_at: Date }>(
      manager,
      `UPDATE projects SET archived_at = now(), updated_at = now()
       WHERE id = $1 AND employer_id = $2 AND archived_at IS NULL
       RETURNING id, employer_id, archived_at`,
      [id, employerId],
    );
    return archived;
  }

  async findNotArchived(runner: Runner, id: string): Promise<ProjectRow | undefined> {
    const [row] = await queryRows<ProjectRow>(
      runner,
      `SELECT ${COLUMNS} FROM ${WITH_EMPLOYER} WHERE p.id = $1 AND p.archived_at IS NULL`,
      [id],
    );
    return row;
  }

  /** Listed projects, newest first, optionally of one exchange type. Reads `limit + 1` rows. */
  async newest(
    runner: Runner,
    filter: { exchangeType?: ExchangeType },
    limit: number,
    after: NewestFirstPosition | undefined,
  ): Promise<ProjectRow[]> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [LISTED];
    if (filter.exchangeType) where.push(`p.exchange_type = ${param(filter.exchangeType)}`);
    if (after) where.push(olderThanSql('p.created_at', 'p.id', after, params));
    return queryRows<ProjectRow>(
      runner,
      `SELECT ${COLUMNS} FROM ${WITH_EMPLOYER}
       WHERE ${where.join(' AND ')}
       ORDER BY p.created_at DESC, p.id DESC
       LIMIT ${param(limit + 1)}`,
      params,
    );
  }

  /**
   * Listed projects matching `q` (websearch syntax as `websearchText` keeps it, English stemming) in
   * title (weight A) or description (B), best ts_rank first, then newest. Reads `limit + 1` rows. The
   * GIN index finds the matches; only those are ranked, and only the page is read in full and joined
   * to its employer.
   */
  async search(
    runner: Runner,
    filter: { q: string; exchangeType?: ExchangeType },
    limit: number,
    after: RankedPosition | undefined,
  ): Promise<RankedProjectRow[]> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const query = `websearch_to_tsquery('english', ${param(websearchText(filter.q))})`;
    const where = [LISTED, `p.search @@ ${query}`];
    if (filter.exchangeType) where.push(`p.exchange_type = ${param(filter.exchangeType)}`);
    const keyset = after
      ? `WHERE (r.rank, r.created_at, r.id) < (${param(after[0])}::real, ${timestampSql(param(after[1]))}, ${param(after[2])}::uuid)`
      : '';
    // Every match is ranked, but only the page's rows are read in full and joined to their employer.
    return queryRows<RankedProjectRow>(
      runner,
      `WITH page AS (
         SELECT r.id, r.rank FROM (
           SELECT p.id, p.created_at, ts_rank(p.search, ${query}) AS rank
           FROM projects p
           WHERE ${where.join(' AND ')}
         ) r
         ${keyset}
         ORDER BY r.rank DESC, r.created_at DESC, r.id DESC
         LIMIT ${param(limit + 1)}
       )
       SELECT ${COLUMNS}, page.rank
       FROM page JOIN (${WITH_EMPLOYER}) ON p.id = page.id
       ORDER BY page.rank DESC, p.created_at DESC, p.id DESC`,
      params,
    );
  }

  /** The employer's projects, active and inactive (not archived), newest first. Reads `limit + 1` rows. */
  async ofEmployer(
    runner: Runner,
    employerId: string,
    limit: number,
    after: NewestFirstPosition | undefined,
  ): Promise<ProjectRow[]> {
    const params: unknown[] = [employerId];
    const keyset = after ? `AND ${olderThanSql('p.created_at', 'p.id', after, params)}` : '';
    return queryRows<ProjectRow>(
      runner,
      `SELECT ${COLUMNS} FROM ${WITH_EMPLOYER}
       WHERE p.employer_id = $1 AND p.archived_at IS NULL ${keyset}
       ORDER BY p.created_at DESC, p.id DESC
       LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  /** The employer's listed projects (one index range, at most their own rows). */
  async countActive(runner: Runner, employerId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      runner,
      'SELECT count(*)::int AS count FROM projects p WHERE p.employer_id = $1 AND p.is_active AND p.archived_at IS NULL',
      [employerId],
    );
    return row!.count;
  }
}
