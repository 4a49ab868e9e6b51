import { Injectable } from '@nestjs/common';
import {
  type addUserSkillSchema,
  type Collection,
  MAX_SKILLS_PER_USER,
  type ProficiencyLevel,
  type Skill,
  SkillsErrorCode,
  type UserSkill,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import {
  cursorParts,
  decodeCursor,
  microsSql,
  NotFoundException,
  OutboxService,
  queryRows,
  timestampSql,
  toPage,
  ValidationException,
} from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import type { ListUserSkillsQuery } from '../dtos/skills.dto.js';
import { SkillsException } from '../exceptions/skills.exception.js';
import { SkillCatalogService } from './skill-catalog.service.js';

interface UserSkillRow {
  id: string;
  skill_id: string;
  name: string;
  category: string;
  proficiency_level: ProficiencyLevel;
  verified: boolean;
  /** created_at in microseconds: the keyset position, exact to the stored value. */
  position: string;
}

const SELECT_USER_SKILLS = `
  SELECT us.id, us.proficiency_level, us.verified, s.id AS skill_id, s.name, s.category,
         ${microsSql('us.created_at')} AS position
    FROM user_skills us JOIN skills s ON s.id = us.skill_id`;

/** Oldest first: `(created_at, id)` as `[micros, id]`. */
const listCursor = z.tuple([cursorParts.micros, cursorParts.id]);

const toUserSkill = (row: UserSkillRow): UserSkill => ({
  id: row.id,
  skill: { id: row.skill_id, name: row.name, category: row.category },
  proficiencyLevel: row.proficiency_level,
  verified: row.verified,
});

/**
 * The skills on a user's profile. Every change announces the whole list (UserSkillsUpdated) through
 * the outbox in the same transaction, under a per-user lock: each event is read after the previous
 * change committed, so consumers that keep the latest one always hold the true list.
 */
@Injectable()
export class UserSkillService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly catalog: SkillCatalogService,
  ) {}

  /** In the order they were added. */
  async list(userId: string, { limit, cursor }: ListUserSkillsQuery): Promise<Collection<UserSkill>> {
    const after = decodeCursor(cursor, listCursor);
    const rows = await this.dataSource.query<UserSkillRow[]>(
      `${SELECT_USER_SKILLS}
        WHERE us.user_id = $1 ${after ? `AND (us.created_at, us.id) > (${timestampSql('$3')}, $4::uuid)` : ''}
        ORDER BY us.created_at, us.id
        LIMIT $2`,
      after ? [userId, limit + 1, ...after] : [userId, limit + 1],
    );
    return toPage(rows, limit, toUserSkill, (row) => [row.position, row.id]);
  }

  async add(userId: string, input: z.infer<typeof addUserSkillSchema>): Promise<UserSkill> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockUser(manager, userId);
      const skill = await this.resolveSkill(manager, userId, input);
      const [taken] = await manager.query<unknown[]>('SELECT 1 FROM user_skills WHERE user_id = $1 AND skill_id = $2', [
        userId,
        skill.id,
      ]);
      if (taken) throw new SkillsException(SkillsErrorCode.SkillAlreadyAdded, 'skillId' in input ? 'skillId' : 'name');
      const [{ count }] = await manager.query<{ count: number }[]>(
        'SELECT count(*)::int AS count FROM user_skills WHERE user_id = $1',
        [userId],
      );
      if (count >= MAX_SKILLS_PER_USER) throw new SkillsException(SkillsErrorCode.SkillLimitReached);
      const [{ id }] = await manager.query<{ id: string }[]>(
        'INSERT INTO user_skills (user_id, skill_id, proficiency_level) VALUES ($1, $2, $3) RETURNING id',
        [userId, skill.id, input.proficiencyLevel],
      );
      return pick(await this.publish(manager, userId), id);
    });
  }

  async changeLevel(userId: string, id: string, proficiencyLevel: ProficiencyLevel): Promise<UserSkill> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockUser(manager, userId);
      const [current] = await manager.query<{ proficiency_level: ProficiencyLevel }[]>(
        'SELECT proficiency_level FROM user_skills WHERE id = $1 AND user_id = $2',
        [id, userId],
      );
      if (!current) throw new NotFoundException('Skill not found on your profile');
      // Unchanged: nothing to announce (every announcement may trigger a rematch).
      if (current.proficiency_level === proficiencyLevel) return this.get(manager, id);
      await manager.query('UPDATE user_skills SET proficiency_level = $2, updated_at = now() WHERE id = $1', [
        id,
        proficiencyLevel,
      ]);
      return pick(await this.publish(manager, userId), id);
    });
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockUser(manager, userId);
      const deleted = await queryRows<{ id: string }>(
        manager,
        'DELETE FROM user_skills WHERE id = $1 AND user_id = $2 RETURNING id',
        [id, userId],
      );
      if (deleted.length === 0) throw new NotFoundException('Skill not found on your profile');
      await this.publish(manager, userId);
    });
  }

  async hasAny(userId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<{ exists: boolean }[]>(
      'SELECT EXISTS (SELECT 1 FROM user_skills WHERE user_id = $1) AS exists',
      [userId],
    );
    return row?.exists ?? false;
  }

  private async resolveSkill(
    manager: EntityManager,
    userId: string,
    input: z.infer<typeof addUserSkillSchema>,
  ): Promise<Skill> {
    if ('skillId' in input) {
      const skill = await this.catalog.findById(manager, input.skillId);
      if (!skill) throw new ValidationException([{ path: 'skillId', message: 'Unknown skill' }]);
      return skill;
    }
    const skill = await this.catalog.resolveName(manager, input.name, userId);
    if (!skill) throw new ValidationException([{ path: 'name', message: 'Skill name must contain letters or digits' }]);
    return skill;
  }

  /** Serialises one user's changes (add, re-level, remove) so that the cap and the announced lists hold. */
  private async lockUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`portfolio.user-skills:${userId}`]);
  }

  private async get(manager: EntityManager, id: string): Promise<UserSkill> {
    const [row] = await manager.query<UserSkillRow[]>(`${SELECT_USER_SKILLS} WHERE us.id = $1`, [id]);
    if (!row) throw new NotFoundException('Skill not found on your profile');
    return toUserSkill(row);
  }

  /** Announces the user's whole list, and returns it. */
  private async publish(manager: EntityManager, userId: string): Promise<UserSkill[]> {
    const rows = await manager.query<UserSkillRow[]>(
      `${SELECT_USER_SKILLS} WHERE us.user_id = $1 ORDER BY us.created_at, us.id`,
      [userId],
    );
    await this.outbox.add(manager, UserSkillsUpdatedV1, userId, {
      userId,
      skills: rows.map((row) => ({
        skillId: row.skill_id,
        name: row.name,
        category: row.category,
        proficiencyLevel: row.proficiency_level,
        verified: row.verified,
      })),
      updatedAt: new Date().toISOString(),
    });
    return rows.map(toUserSkill);
  }
}

const pick = (list: UserSkill[], id: string): UserSkill => list.find((skill) => skill.id === id)!;
