import { Injectable } from '@nestjs/common';
import type { Collection, Skill } from '@projectory/contracts';
import { cursorParts, decodeCursor, toPage } from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { cleanSkillName, skillKeys } from '../catalog/skill-name.js';
import type { SearchSkillsQuery } from '../dtos/skills.dto.js';
import { SkillRepository, toSkill } from '../repositories/skill.repository.js';

const browseCursor = z.tuple([cursorParts.text, cursorParts.id]);
const searchCursor = z.tuple([cursorParts.rank, cursorParts.text, cursorParts.id]);

/**
 * The skill catalog: search for the picker, and the lookups behind adding a skill by name.
 * Search serves only catalog skills: names users typed stay with them.
 */
@Injectable()
export class SkillCatalogService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly skills: SkillRepository,
  ) {}

  async search({ q, limit, cursor }: SearchSkillsQuery): Promise<Collection<Skill>> {
    if (!q) {
      const rows = await this.skills.browse(this.dataSource, limit, decodeCursor(cursor, browseCursor));
      return toPage(rows, limit, toSkill, (row) => [row.sort_name, row.id]);
    }
    const rows = await this.skills.search(this.dataSource, q, limit, decodeCursor(cursor, searchCursor));
    return toPage(rows, limit, toSkill, (row) => [row.rank, row.sort_name, row.id]);
  }

  findById(manager: EntityManager, id: string): Promise<Skill | undefined> {
    return this.skills.findById(manager, id);
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
    const existing = await this.skills.findByKey(manager, keys.nameKey);
    if (existing) return existing;
    const created = await this.skills.insertUserSkill(manager, display, keys, userId);
    // Lost a race with another user adding the same name: theirs committed first, so it is visible now.
    return created ?? (await this.skills.findByKey(manager, keys.nameKey)) ?? null;
  }
}
