import { Injectable } from '@nestjs/common';
import {
  type addUserSkillSchema,
  type Collection,
  MAX_SKILLS_PER_USER,
  PortfolioErrorCode,
  type ProficiencyLevel,
  type Skill,
  SkillsErrorCode,
  type UserSkill,
  UserSkillsUpdatedV1,
  NotFoundCode,
} from '@projectory/contracts';
import {
  decodeCursor,
  lockTransaction,
  notFound,
  OutboxService,
  toPage,
  ValidationException,
} from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { ListUserSkillsQuery } from '../dtos/skills.dto.js';
import { PortfolioException } from '../exceptions/portfolio.exception.js';
import { SkillsException } from '../exceptions/skills.exception.js';
import {
  oldestFirstPosition,
  toSkillsUpdatedEntry,
  toUserSkill,
  UserSkillRepository,
} from '../repositories/user-skill.repository.js';
import { SkillCatalogService } from './skill-catalog.service.js';

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
    private readonly userSkills: UserSkillRepository,
  ) {}

  /** In the order they were added. */
  async list(userId: string, { limit, cursor }: ListUserSkillsQuery): Promise<Collection<UserSkill>> {
    const after = decodeCursor(cursor, oldestFirstPosition);
    const rows = await this.userSkills.list(this.dataSource, userId, limit, after);
    return toPage(rows, limit, toUserSkill, (row) => [row.position, row.id]);
  }

  async add(userId: string, input: z.infer<typeof addUserSkillSchema>): Promise<UserSkill> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockUser(manager, userId);
      const skill = await this.resolveSkill(manager, userId, input);
      // The unique (user_id, skill_id) decides "already added"; the cap is checked after the insert so
      // that a duplicate is answered as one even at the cap (throwing rolls the insert back).
      const id = await this.userSkills.insert(manager, userId, skill.id, input.proficiencyLevel);
      if (!id) throw new SkillsException(SkillsErrorCode.SkillAlreadyAdded, 'skillId' in input ? 'skillId' : 'name');
      if ((await this.userSkills.count(manager, userId)) > MAX_SKILLS_PER_USER) {
        throw new SkillsException(SkillsErrorCode.SkillLimitReached);
      }
      return pick(await this.publish(manager, userId), id);
    });
  }

  async changeLevel(userId: string, id: string, proficiencyLevel: ProficiencyLevel): Promise<UserSkill> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockUser(manager, userId);
      const current = await this.userSkills.findLevel(manager, id, userId);
      if (!current) throw notFound(NotFoundCode.Skill);
      // Unchanged: nothing to announce (every announcement may trigger a rematch).
      if (current === proficiencyLevel) return this.get(manager, id);
      await this.userSkills.updateLevel(manager, id, proficiencyLevel);
      return pick(await this.publish(manager, userId), id);
    });
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockUser(manager, userId);
      const outcome = await this.userSkills.remove(manager, id, userId);
      if (outcome === 'missing') throw notFound(NotFoundCode.Skill);
      if (outcome === 'in-use') throw new PortfolioException(PortfolioErrorCode.SkillHasPortfolioItems);
      await this.publish(manager, userId);
    });
  }

  hasAny(userId: string): Promise<boolean> {
    return this.userSkills.hasAny(this.dataSource, userId);
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

  /** Whether `id` is a skill on the user's profile. */
  async owns(manager: EntityManager, userId: string, id: string): Promise<boolean> {
    return (await this.userSkills.findLevel(manager, id, userId)) !== undefined;
  }

  /**
   * Makes each of the user's skills verified exactly when one of its portfolio items is, and announces
   * the list when that changed anything (matching weighs verified skills higher). Call it under the
   * user's lock, after any change to the user's items.
   */
  async syncVerified(manager: EntityManager, userId: string): Promise<void> {
    if (await this.userSkills.syncVerified(manager, userId)) await this.publish(manager, userId);
  }

  /**
   * Serialises one user's changes (skills, and portfolio items, which hang on them) so that the cap,
   * the verified flags and the announced lists hold.
   */
  async lockUser(manager: EntityManager, userId: string): Promise<void> {
    await lockTransaction(manager, `portfolio.user-skills:${userId}`);
  }

  private async get(manager: EntityManager, id: string): Promise<UserSkill> {
    const row = await this.userSkills.find(manager, id);
    if (!row) throw notFound(NotFoundCode.Skill);
    return toUserSkill(row);
  }

  /** Announces the user's whole list, and returns it. */
  private async publish(manager: EntityManager, userId: string): Promise<UserSkill[]> {
    const rows = await this.userSkills.all(manager, userId);
    await this.outbox.add(manager, UserSkillsUpdatedV1, userId, {
      userId,
      skills: rows.map(toSkillsUpdatedEntry),
      updatedAt: new Date().toISOString(),
    });
    return rows.map(toUserSkill);
  }
}

const pick = (list: UserSkill[], id: string): UserSkill => list.find((skill) => skill.id === id)!;
