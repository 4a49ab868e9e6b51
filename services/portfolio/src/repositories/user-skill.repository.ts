import { Injectable } from '@nestjs/common';
import type { EventPayload, ProficiencyLevel, UserSkill, UserSkillsUpdatedV1 } from '@projectory/contracts';
import { cursorParts, microsSql, queryRows, type Runner, timestampSql } from '@projectory/platform';
import { QueryFailedError } from 'typeorm';
import { z } from 'zod';

/** A skill on a user's profile, at a level, with its skill; `verified` is set by portfolio verification. */
export interface UserSkillRow {
  id: string;
  skill_id: string;
  name: string;
  category: string;
  proficiency_level: ProficiencyLevel;
  verified: boolean;
  /** created_at in microseconds: the keyset position, exact to the stored value. */
  position: string;
}

/** Oldest first: `(created_at, id)` as `[micros, id]`. */
export const oldestFirstPosition = z.tuple([cursorParts.micros, cursorParts.id]);
export type OldestFirstPosition = z.infer<typeof oldestFirstPosition>;

type SkillsUpdatedEntry = EventPayload<typeof UserSkillsUpdatedV1>['skills'][number];

const SELECT_USER_SKILLS = `
  SELECT us.id, us.proficiency_level, us.verified, s.id AS skill_id, s.name, s.category,
         ${microsSql('us.created_at')} AS position
    FROM user_skills us JOIN skills s ON s.id = us.skill_id`;

export function toUserSkill(row: UserSkillRow): UserSkill {
  return {
    id: row.id,
    skill: { id: row.skill_id, name: row.name, category: row.category },
    proficiencyLevel: row.proficiency_level,
    verified: row.verified,
  };
}

/** One entry of the list UserSkillsUpdated carries. */
export function toSkillsUpdatedEntry(row: UserSkillRow): SkillsUpdatedEntry {
  return {
    skillId: row.skill_id,
    name: row.name,
    category: row.category,
    proficiencyLevel: row.proficiency_level,
    verified: row.verified,
  };
}

/** Every read and write of `user_skills`. */
@Injectable()
export class UserSkillRepository {
  /** The user's skills in the order they were added. Reads `limit + 1` rows. */
  list(runner: Runner, userId: string, limit: number, after: OldestFirstPosition | undefined): Promise<UserSkillRow[]> {
    return queryRows<UserSkillRow>(
      runner,
      `${SELECT_USER_SKILLS}
        WHERE us.user_id = $1 ${after ? `AND (us.created_at, us.id) > (${timestampSql('$3')}, $4::uuid)` : ''}
        ORDER BY us.created_at, us.id
        LIMIT $2`,
      after ? [userId, limit + 1, ...after] : [userId, limit + 1],
    );
  }

  /** The user's whole list, in the order added: what UserSkillsUpdated announces. */
  all(runner: Runner, userId: string): Promise<UserSkillRow[]> {
    return queryRows<UserSkillRow>(
      runner,
      `${SELECT_USER_SKILLS} WHERE us.user_id = $1 ORDER BY us.created_at, us.id`,
      [userId],
    );
  }

  async find(runner: Runner, id: string): Promise<UserSkillRow | undefined> {
    const [row] = await queryRows<UserSkillRow>(runner, `${SELECT_USER_SKILLS} WHERE us.id = $1`, [id]);
    return row;
  }

  /** The new row's id; undefined when the skill is on the user's profile already (unique (user_id, skill_id)). */
  async insert(
    runner: Runner,
    userId: string,
    skillId: string,
    proficiencyLevel: ProficiencyLevel,
  ): Promise<string | undefined> {
    const [row] = await queryRows<{ id: string }>(
      runner,
      `INSERT INTO user_skills (user_id, skill_id, proficiency_level) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, skill_id) DO NOTHING
       RETURNING id`,
      [userId, skillId, proficiencyLevel],
    );
    return row?.id;
  }

  async count(runner: Runner, userId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      runner,
      'SELECT count(*)::int AS count FROM user_skills WHERE user_id = $1',
      [userId],
    );
    return row!.count;
  }

  async hasAny(runner: Runner, userId: string): Promise<boolean> {
    const [row] = await queryRows<{ exists: boolean }>(
      runner,
      'SELECT EXISTS (SELECT 1 FROM user_skills WHERE user_id = $1) AS exists',
      [userId],
    );
    return row?.exists ?? false;
  }

  /** The level of the user's skill `id`; undefined when it is not on their profile. */
  async findLevel(runner: Runner, id: string, userId: string): Promise<ProficiencyLevel | undefined> {
    const [row] = await queryRows<{ proficiency_level: ProficiencyLevel }>(
      runner,
      'SELECT proficiency_level FROM user_skills WHERE id = $1 AND user_id = $2',
      [id, userId],
    );
    return row?.proficiency_level;
  }

  async updateLevel(runner: Runner, id: string, proficiencyLevel: ProficiencyLevel): Promise<void> {
    await queryRows(runner, 'UPDATE user_skills SET proficiency_level = $2, updated_at = now() WHERE id = $1', [
      id,
      proficiencyLevel,
    ]);
  }

  /**
   * Removes the user's skill `id`: `missing` when it is not on their profile, `in-use` when portfolio
   * items hang on it (the foreign key refuses; the transaction is then only good for rolling back).
   */
  async remove(runner: Runner, id: string, userId: string): Promise<'removed' | 'missing' | 'in-use'> {
    try {
      const deleted = await queryRows<{ id: string }>(
        runner,
        'DELETE FROM user_skills WHERE id = $1 AND user_id = $2 RETURNING id',
        [id, userId],
      );
      return deleted.length > 0 ? 'removed' : 'missing';
    } catch (error) {
      if (isForeignKeyViolation(error)) return 'in-use';
      throw error;
    }
  }

  /**
   * Sets `verified` on each of the user's skills to whether one of its portfolio items is verified;
   * whether any flag changed.
   */
  async syncVerified(runner: Runner, userId: string): Promise<boolean> {
    const changed = await queryRows<{ id: string }>(
      runner,
      `UPDATE user_skills us SET verified = NOT us.verified, updated_at = now()
        WHERE us.user_id = $1
          AND us.verified <> EXISTS (SELECT 1 FROM portfolio_items pi
                                      WHERE pi.user_skill_id = us.id AND pi.verification_status = 'verified')
        RETURNING us.id`,
      [userId],
    );
    return changed.length > 0;
  }
}

/** Postgres' foreign_key_violation (23503): a row still referenced elsewhere. */
function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23503';
}
