import { Injectable } from '@nestjs/common';
import {
  type ExchangeType,
  type MilestoneTemplate,
  type Project,
  type ProjectSnapshot,
  type ScamFlag,
  scamFlags,
  type VerificationLevel,
} from '@projectory/contracts';
import {
  cursorParts,
  microsSql,
  type NewestFirstPosition,
  olderThanSql,
  queryRows,
  type Runner,
  timestampSql,
} from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { type SearchQuery, searchQuery } from '../domain/search-text.js';

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
  /** jsonb, as the contract's schema validated it: `[{ title, description, dayOffset }]`. */
  milestones: MilestoneTemplate[];
  is_active: boolean;
  /** Set while an admin has the project deactivated: its employer cannot reactivate it. */
  moderated_at: Date | null;
  /** The auto-flag rules its texts matched, stored at each write. */
  flags: ScamFlag[];
  created_at: Date;
  applicant_count: number;
  cursor_micros: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  /** The employer's level, 'none' while identity's announcement has not arrived. */
  verification: VerificationLevel;
  median_response_hours: number | null;
  response_rate: number | null;
}

export interface RankedProjectRow extends ProjectRow {
  tier: SearchTier;
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
  milestones: MilestoneTemplate[];
  isActive: boolean;
}

/**
 * How well a project matches a search (ADR 0013): 2 when its title alone matches the query, 1 when
 * the title holds some of the query's words, 0 when only the description does.
 */
export type SearchTier = 0 | 1 | 2;
const TIERS: readonly SearchTier[] = [2, 1, 0];

/** Measured costs (µs, B5 at 1M projects) of a match sorted and of a project walked past (ADR 0013). */
const SORT_COST = 4.5;
const WALK_COST = 2.7;

/**
 * A search position: `[tier, micros, id]`, best tier first, then newest. A whole number, so an
 * ADR 0008 cursor (a ts_rank float) is refused.
 */
export const rankedPosition = z.tuple([
  z.union([z.literal(0), z.literal(1), z.literal(2)]),
  cursorParts.micros,
  cursorParts.id,
]);
export type RankedPosition = z.infer<typeof rankedPosition>;

/** Listed: what anyone signed in may browse and find. The partial indexes carry the same predicate. */
const LISTED = 'p.is_active AND p.archived_at IS NULL';

const COLUMNS = `p.id, p.employer_id, p.title, p.description, p.exchange_type, p.exchange_description, p.duration,
  p.required_skills, p.cultural_values, p.milestones, p.is_active, p.moderated_at, p.flags, p.created_at, p.applicant_count,
  ${microsSql('p.created_at')} AS cursor_micros, e.first_name, e.last_name, e.company,
  coalesce(e.verification, 'none') AS verification,
  er.median_response_hours, er.response_rate`;

/** A project with its employer's names and response figures (from identity's and matching's events). */
const WITH_EMPLOYER = `projects p LEFT JOIN people e ON e.id = p.employer_id
  LEFT JOIN employer_responsiveness er ON er.employer_id = p.employer_id`;

/**
 * A template in the contract's order of keys (jsonb sorts them its own way), so that it reads like
 * the request and two equal templates stringify alike.
 */
export const inTemplateOrder = (milestones: readonly MilestoneTemplate[]): MilestoneTemplate[] =>
  milestones.map(({ title, description, dayOffset }) => ({ title, description, dayOffset }));

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
    milestones: inTemplateOrder(row.milestones),
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    employer: {
      id: row.employer_id,
      firstName: row.first_name ?? '',
      lastName: row.last_name ?? '',
      company: row.company,
      medianResponseHours: row.median_response_hours ?? null,
      responseRate: row.response_rate ?? null,
      verification: row.verification,
    },
    applicantCount: row.applicant_count,
    flags: row.flags,
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
    exchangeDescription: row.exchange_description,
    duration: row.duration,
    requiredSkills: row.required_skills,
    culturalValues: row.cultural_values,
    milestones: inTemplateOrder(row.milestones),
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
                             required_skills, cultural_values, milestones, is_active, flags)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       RETURNING id`,
      [employerId, ...this.values(fields)],
    )) as [{ id: string }];
    return (await this.findNotArchived(manager, id))!;
  }

  async update(manager: EntityManager, id: string, fields: ProjectFields): Promise<ProjectRow> {
    await manager.query(
      `UPDATE projects SET title = $2, description = $3, exchange_type = $4, exchange_description = $5,
         duration = $6, required_skills = $7, cultural_values = $8, milestones = $9, is_active = $10,
         flags = $11, updated_at = now()
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
      // node-postgres would send a JS array as a Postgres array: jsonb needs the JSON text.
      JSON.stringify(fields.milestones),
      fields.isActive,
      // The auto-flags follow the texts at every write (values/safety.ts: the whole rule list).
      scamFlags(fields.title, fields.description, fields.exchangeDescription),
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
   * title or description, best tier first (ADR 0013), newest first within a tier. Reads `limit + 1`
   * rows. Few matches (`sortingIsCheaper`): the GIN index finds them all and they are sorted
   * (`sorted`). Many: one statement per tier, from the cursor's tier down, each reading its tier
   * newest first, which the planner does along the newest-first index, stopping once the page is
   * full (`tiers`); a page of common words never looks at lower tiers. Both give the same rows.
   * The tiers' statements see the table at slightly different moments: a project whose title was
   * edited in between could come twice, and is kept once (where it came first). No transaction: its
   * three more round trips cost more than the whole search of common words.
   */
  async search(
    runner: Runner,
    filter: { q: string; exchangeType?: ExchangeType },
    limit: number,
    after: RankedPosition | undefined,
    plan: 'auto' | 'sorted' | 'tiers' = 'auto',
  ): Promise<RankedProjectRow[]> {
    const query = searchQuery(filter.q);
    const sorted =
      plan === 'sorted' ||
      (plan === 'auto' && (await this.sortingIsCheaper(runner, query, filter.exchangeType, limit + 1)));
    if (sorted) return this.searchSorted(runner, query, filter.exchangeType, limit + 1, after);
    const rows: RankedProjectRow[] = [];
    for (const tier of TIERS) {
      if (after && tier > after[0]) continue;
      // One word is all the query's words: nothing is in "some of them" (tier 1).
      if (tier === 1 && query.plain && query.wanted.length < 2) continue;
      const keyset = after && after[0] === tier ? after : undefined;
      const found = await this.searchTier(runner, tier, query, filter.exchangeType, limit + 1 - rows.length, keyset);
      rows.push(...found.filter((row) => !rows.some((earlier) => earlier.id === row.id)));
      if (rows.length > limit) break;
    }
    return rows;
  }

  /**
   * Whether sorting all matches is cheaper than reading tiers newest first, by Postgres' estimates
   * (its statistics; nothing is read) of the listed projects and of those matching: sorting costs
   * SORT_COST a match, a tier read newest first WALK_COST a project walked past, and it walks past
   * about `listed / matches` projects for each one it keeps (ADR 0013).
   */
  private async sortingIsCheaper(
    runner: Runner,
    query: SearchQuery,
    exchangeType: ExchangeType | undefined,
    count: number,
  ): Promise<boolean> {
    const params: unknown[] = [query.text];
    const listed = exchangeType ? `${LISTED} AND p.exchange_type = $${params.push(exchangeType)}` : LISTED;
    type Plan = { 'Plan Rows': number; Plans: [{ 'Plan Rows': number }, { 'Plan Rows': number }] };
    const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
      runner,
      `EXPLAIN (FORMAT JSON)
       SELECT 1 FROM projects p WHERE ${listed}
       UNION ALL
       SELECT 1 FROM projects p WHERE ${listed} AND p.search @@ websearch_to_tsquery('english', $1)`,
      params,
    );
    const [all, matching] = row!['QUERY PLAN'][0].Plan.Plans.map((plan) => plan['Plan Rows']) as [number, number];
    return matching * SORT_COST < ((count * all) / Math.max(matching, 1)) * WALK_COST;
  }

  /** Every match of every tier from the GIN index of the text, sorted; `count` after `after`. */
  private searchSorted(
    runner: Runner,
    query: SearchQuery,
    exchangeType: ExchangeType | undefined,
    count: number,
    after: RankedPosition | undefined,
  ): Promise<RankedProjectRow[]> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const whole = `websearch_to_tsquery('english', ${param(query.text)})`;
    const someWord = `websearch_to_tsquery('english', ${param(query.wanted.join(' or '))})`;
    const where = [LISTED, `p.search @@ ${whole}`];
    if (exchangeType) where.push(`p.exchange_type = ${param(exchangeType)}`);
    const keyset = after
      ? `WHERE (r.tier, r.created_at, r.id) < (${param(after[0])}::int, ${timestampSql(param(after[1]))}, ${param(after[2])}::uuid)`
      : '';
    return queryRows<RankedProjectRow>(
      runner,
      `WITH page AS (
         SELECT r.id, r.tier FROM (
           SELECT p.id, p.created_at,
             CASE WHEN p.title_search @@ ${whole} THEN 2 WHEN p.title_search @@ ${someWord} THEN 1 ELSE 0 END AS tier
           FROM projects p
           WHERE ${where.join(' AND ')}
         ) r
         ${keyset}
         ORDER BY r.tier DESC, r.created_at DESC, r.id DESC
         LIMIT ${param(count)}
       )
       SELECT ${COLUMNS}, page.tier
       FROM page JOIN (${WITH_EMPLOYER}) ON p.id = page.id
       ORDER BY page.tier DESC, p.created_at DESC, p.id DESC`,
      params,
    );
  }

  /** The `count` newest listed projects of one tier after `keyset` (in that tier), with their employers. */
  private searchTier(
    runner: Runner,
    tier: SearchTier,
    query: SearchQuery,
    exchangeType: ExchangeType | undefined,
    count: number,
    keyset: RankedPosition | undefined,
  ): Promise<RankedProjectRow[]> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const tsquery = (text: string) => `websearch_to_tsquery('english', ${param(text)})`;
    const where = [LISTED, ...tierSql(tier, query, tsquery)];
    if (exchangeType) where.push(`p.exchange_type = ${param(exchangeType)}`);
    if (keyset) where.push(olderThanSql('p.created_at', 'p.id', [keyset[1], keyset[2]], params));
    // Only the page's rows are read in full and joined to their employer.
    return queryRows<RankedProjectRow>(
      runner,
      `WITH page AS (
         SELECT p.id FROM projects p
         WHERE ${where.join(' AND ')}
         ORDER BY p.created_at DESC, p.id DESC
         LIMIT ${param(count)}
       )
       SELECT ${COLUMNS}, ${tier}::int AS tier
       FROM page JOIN (${WITH_EMPLOYER}) ON p.id = page.id
       ORDER BY p.created_at DESC, p.id DESC`,
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

  /** The employer's verification level as identity last announced it ('none' before any announcement). */
  async employerVerification(runner: Runner, employerId: string): Promise<VerificationLevel> {
    const [row] = await queryRows<{ verification: VerificationLevel }>(
      runner,
      'SELECT verification FROM people WHERE id = $1',
      [employerId],
    );
    return row?.verification ?? 'none';
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

/**
 * The conditions of one tier, the title tested first (its tsvector is small; `search` is the large
 * one). Written so that the planner's estimate of each tier is close, since it chooses between
 * walking the newest-first index and sorting the GIN matches by that estimate alone. In a tier, the
 * same rows as `searchSorted`'s CASE gives that tier.
 */
function tierSql(tier: SearchTier, query: SearchQuery, tsquery: (text: string) => string): string[] {
  const whole = () => tsquery(query.text);
  // Some wanted word. No wanted word (only exclusions): an empty query, which nothing matches.
  const someWord = () => tsquery(query.wanted.join(' or '));
  switch (tier) {
    case 2:
      // Without exclusions a title that matches means the whole text matches (search holds the title).
      if (query.excludes) {
        const text = whole();
        return [`p.title_search @@ ${text}`, `p.search @@ ${text}`];
      }
      return [`p.title_search @@ ${whole()}`];
    case 1: {
      if (!query.plain) {
        const text = whole();
        return [`p.title_search @@ ${someWord()}`, `NOT p.title_search @@ ${text}`, `p.search @@ ${text}`];
      }
      // Plain words: "word i in the title and the others anywhere", for some i. Estimated as such,
      // unlike "some word in the title and all of them anywhere", whose parts Postgres would take
      // as independent (a 10–25x underestimate, and a slow plan). Others all stop words: only word i.
      const eachWord = query.wanted.map((word, i) => {
        const others = tsquery(query.wanted.filter((_, j) => j !== i).join(' '));
        return `(p.title_search @@ ${tsquery(word)} AND (numnode(${others}) = 0 OR p.search @@ ${others}))`;
      });
      return [`(${eachWord.join(' OR ')})`, `NOT p.title_search @@ ${whole()}`];
    }
    case 0: {
      const text = whole();
      // A title can match without a wanted word only through an exclusion or `or` ("-react").
      const notWhole = query.plain ? [] : [`NOT p.title_search @@ ${text}`];
      return [`NOT p.title_search @@ ${someWord()}`, ...notWhole, `p.search @@ ${text}`];
    }
  }
}
