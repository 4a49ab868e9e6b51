import { Injectable } from '@nestjs/common';
import type { Skill } from '@projectory/contracts';
import { queryRows, type Runner } from '@projectory/platform';
import type { SkillKeys } from '../catalog/skill-name.js';
import { USER_SKILL_CATEGORY } from '../catalog/skills.catalog.js';
import { type BrowsePosition, type SearchPosition, skillBrowseQuery, skillSearchQuery } from './skill-search.query.js';

/** A skill of the catalog, or one a user named that the catalog lacks (source 'user', category 'Other'). */
export interface SkillRow {
  id: string;
  name: string;
  category: string;
}

/** A row of a catalog listing: `sort_name` is `lower(name)`, the alphabetical keyset position. */
export interface ListedSkillRow extends SkillRow {
  sort_name: string;
}

export interface RankedSkillRow extends ListedSkillRow {
  rank: number;
}

export function toSkill(row: SkillRow): Skill {
  return { id: row.id, name: row.name, category: row.category };
}

/** Every read and write of `skills`. */
@Injectable()
export class SkillRepository {
  private trigramSchema?: Promise<string>;

  /** The whole catalog alphabetically. Reads `limit + 1` rows. */
  browse(runner: Runner, limit: number, after: BrowsePosition | undefined): Promise<ListedSkillRow[]> {
    const query = skillBrowseQuery(limit, after);
    return queryRows<ListedSkillRow>(runner, query.sql, query.params);
  }

  /** Catalog skills matching `q`, best first (skill-search.query.ts); none when `q` holds nothing searchable. */
  async search(runner: Runner, q: string, limit: number, after: SearchPosition | undefined): Promise<RankedSkillRow[]> {
    const query = skillSearchQuery(q, limit, after, await this.trigram(runner));
    if (!query) return [];
    return queryRows<RankedSkillRow>(runner, query.sql, query.params);
  }

  async findById(runner: Runner, id: string): Promise<Skill | undefined> {
    const [row] = await queryRows<SkillRow>(runner, 'SELECT id, name, category FROM skills WHERE id = $1', [id]);
    return row && toSkill(row);
  }

  /**
   * The skill a name or alias key means: the catalog's first, the one so named before one that has it
   * as an alias, else the earliest a user added.
   */
  async findByKey(runner: Runner, key: string): Promise<Skill | undefined> {
    const [row] = await queryRows<SkillRow>(
      runner,
      `SELECT id, name, category FROM skills
        WHERE match_keys @> ARRAY[$1::text]
        ORDER BY source = 'catalog' DESC, name_key = $1 DESC, created_at
        LIMIT 1`,
      [key],
    );
    return row && toSkill(row);
  }

  /**
   * A skill in 'Other' under a name a user typed; undefined when a skill with its `name_key` exists
   * (committed by someone else meanwhile: it is visible now).
   */
  async insertUserSkill(runner: Runner, name: string, keys: SkillKeys, userId: string): Promise<Skill | undefined> {
    const [row] = await queryRows<SkillRow>(
      runner,
      `INSERT INTO skills (name, category, name_key, match_keys, search_text, source, created_by)
       VALUES ($1, $2, $3, $4, $5, 'user', $6)
       ON CONFLICT (name_key) DO NOTHING
       RETURNING id, name, category`,
      [name, USER_SKILL_CATEGORY, keys.nameKey, keys.matchKeys, keys.searchText, userId],
    );
    return row && toSkill(row);
  }

  /** Where pg_trgm lives (its operators are not on this service's search_path); looked up once. */
  private trigram(runner: Runner): Promise<string> {
    this.trigramSchema ??= queryRows<{ schema: string }>(
      runner,
      `SELECT quote_ident(n.nspname) AS schema
         FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm'`,
    )
      .then(([row]) => {
        if (!row) throw new Error('pg_trgm is not installed');
        return row.schema;
      })
      .catch((error: unknown) => {
        this.trigramSchema = undefined;
        throw error;
      });
    return this.trigramSchema;
  }
}
