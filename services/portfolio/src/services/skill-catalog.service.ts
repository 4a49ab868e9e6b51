import { Injectable } from '@nestjs/common';
import type { Collection, Skill } from '@projectory/contracts';
import { cursorParts, decodeCursor, toPage } from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { cleanSkillName, skillKeys } from '../catalog/skill-name.js';
import { USER_SKILL_CATEGORY } from '../catalog/skills.catalog.js';
import type { SearchSkillsQuery } from '../dtos/skills.dto.js';
import { toSkill } from '../entities/skill.entity.js';
import { skillBrowseQuery, skillSearchQuery } from './skill-search.query.js';

interface SkillRow {
  id: string;
  name: string;
  category: string;
  sort_name: string;
}

interface RankedSkillRow extends SkillRow {
  rank: number;
}

const browseCursor = z.tuple([cursorParts.text, cursorParts.id]);
const searchCursor = z.tuple([cursorParts.rank, cursorParts.text, cursorParts.id]);

/**
 * The skill catalog: search for the picker, and the lookups behind adding a skill by name.
 * Search serves only catalog skills: names users typed stay with them.
 */
@Injectable()
export class SkillCatalogService {
  private trigramSchema?: Promise<string>;

  constructor(private readonly dataSource: DataSource) {}

  async search({ q, limit, cursor }: SearchSkillsQuery): Promise<Collection<Skill>> {
    if (!q) {
      const query = skillBrowseQuery(limit, decodeCursor(cursor, browseCursor));
      const rows = await this.dataSource.query<SkillRow[]>(query.sql, query.params);
      return toPage(rows, limit, toSkill, (row) => [row.sort_name, row.id]);
    }
    const after = decodeCursor(cursor, searchCursor);
    const query = skillSearchQuery(q, limit, after, await this.trigram());
    if (!query) return { items: [], nextCursor: null };
    const rows = await this.dataSource.query<RankedSkillRow[]>(query.sql, query.params);
    return toPage(rows, limit, toSkill, (row) => [row.rank, row.sort_name, row.id]);
  }

  async findById(manager: EntityManager, id: string): Promise<Skill | undefined> {
    const [row] = await manager.query<Skill[]>('SELECT id, name, category FROM skills WHERE id = $1', [id]);
    return row;
  }

  /**
   * The skill a typed name means: the catalog skill with that name or alias ("javascript", "JS"),
   * else a skill a user added under that name, else a new one in 'Other' created by this user.
   * Null when the name has no letters or digits.
   */
  async resolveName(manager: EntityManager, name: string, userId: string): Promise<Skill | null> {
    const display = cleanSkillName(name);
    const keys = skillKeys(display);
    if (!keys.nameKey) return null;
    const existing = await this.findByKey(manager, keys.nameKey);
    if (existing) return existing;
    const [created] = await manager.query<Skill[]>(
      `INSERT INTO skills (name, category, name_key, match_keys, search_text, source, created_by)
       VALUES ($1, $2, $3, $4, $5, 'user', $6)
       ON CONFLICT (name_key) DO NOTHING
       RETURNING id, name, category`,
      [display, USER_SKILL_CATEGORY, keys.nameKey, keys.matchKeys, keys.searchText, userId],
    );
    // Lost a race with another user adding the same name: theirs committed first, so it is visible now.
    return created ?? (await this.findByKey(manager, keys.nameKey)) ?? null;
  }

  private async findByKey(manager: EntityManager, key: string): Promise<Skill | undefined> {
    const [row] = await manager.query<Skill[]>(
      `SELECT id, name, category FROM skills
        WHERE match_keys @> ARRAY[$1::text]
        ORDER BY source = 'catalog' DESC, created_at
        LIMIT 1`,
      [key],
    );
    return row;
  }

  /** Where pg_trgm lives (its operators are not on this service's search_path); looked up once. */
  private trigram(): Promise<string> {
    this.trigramSchema ??= this.dataSource
      .query<{ schema: string }[]>(
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
