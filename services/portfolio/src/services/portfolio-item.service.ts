import { NotFoundCode } from '@projectory/contracts';
import { Injectable } from '@nestjs/common';
import type {
  Collection,
  CreatePortfolioItemInput,
  ListPortfolioQuery,
  PortfolioItem,
  UpdatePortfolioItemInput,
} from '@projectory/contracts';
import { decodeCursor, notFound, newestFirstPosition, toPage, ValidationException } from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { PortfolioItemRepository, toPortfolioItem } from '../repositories/portfolio-item.repository.js';
import { UploadService } from '../uploads/upload.service.js';
import { UserSkillService } from './user-skill.service.js';

/** At most this many items go into a candidate profile (newest first). */
export const PROFILE_ITEMS_MAX = 100;

export const itemNotFound = () => notFound(NotFoundCode.PortfolioItem);

/**
 * A student's own portfolio items: listed, created from a finished upload of theirs, edited, deleted.
 * Every change runs under the owner's skills lock (UserSkillService.lockUser), since items hang on
 * skills and decide whether a skill is verified.
 */
@Injectable()
export class PortfolioItemService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly items: PortfolioItemRepository,
    private readonly userSkills: UserSkillService,
    private readonly uploads: UploadService,
  ) {}

  async listMine(userId: string, { limit, cursor }: ListPortfolioQuery): Promise<Collection<PortfolioItem>> {
    const rows = await this.items.list(this.dataSource, userId, limit, decodeCursor(cursor, newestFirstPosition));
    return toPage(rows, limit, toPortfolioItem, (row) => [row.position, row.id]);
  }

  /** The user's newest items, for the candidate profile the gateway composes. */
  async ofUser(userId: string): Promise<PortfolioItem[]> {
    const rows = await this.items.list(this.dataSource, userId, PROFILE_ITEMS_MAX, undefined);
    return rows.slice(0, PROFILE_ITEMS_MAX).map(toPortfolioItem);
  }

  hasAny(userId: string): Promise<boolean> {
    return this.items.hasAny(this.dataSource, userId);
  }

  /** The file's name, type, size and checksum are the upload's record, taken (once) in this transaction. */
  async create(userId: string, input: CreatePortfolioItemInput): Promise<PortfolioItem> {
    return this.dataSource.transaction(async (manager) => {
      await this.userSkills.lockUser(manager, userId);
      await this.requireOwnSkill(manager, userId, input.userSkillId);
      const upload = await this.uploads.takeFinished(manager, {
        uploadId: input.uploadId,
        ownerId: userId,
        purpose: 'portfolio',
      });
      const id = await this.items.insert(manager, {
        userId,
        userSkillId: input.userSkillId,
        title: input.title,
        description: input.description,
        upload,
      });
      return this.get(manager, id);
    });
  }

  /**
   * Any real change sends the item back to pending (what was reviewed is no longer what is shown); the
   * skill stops being verified when this was its only verified item. Unchanged fields change nothing.
   */
  async update(userId: string, id: string, input: UpdatePortfolioItemInput): Promise<PortfolioItem> {
    return this.dataSource.transaction(async (manager) => {
      await this.userSkills.lockUser(manager, userId);
      const row = await this.items.find(manager, id);
      if (!row || row.user_id !== userId) throw itemNotFound();
      const next = {
        title: input.title ?? row.title,
        description: input.description ?? row.description,
        userSkillId: input.userSkillId ?? row.user_skill_id,
      };
      if (next.title === row.title && next.description === row.description && next.userSkillId === row.user_skill_id) {
        return toPortfolioItem(row);
      }
      if (next.userSkillId !== row.user_skill_id) await this.requireOwnSkill(manager, userId, next.userSkillId);
      await this.items.edit(manager, id, next);
      await this.userSkills.syncVerified(manager, userId);
      return this.get(manager, id);
    });
  }

  /** The item and its file (removed once this commits). */
  async remove(userId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.userSkills.lockUser(manager, userId);
      const uploadId = await this.items.remove(manager, id, userId);
      if (!uploadId) throw itemNotFound();
      await this.uploads.discard(manager, uploadId);
      await this.userSkills.syncVerified(manager, userId);
    });
  }

  private async requireOwnSkill(manager: EntityManager, userId: string, userSkillId: string): Promise<void> {
    if (!(await this.userSkills.owns(manager, userId, userSkillId))) {
      throw new ValidationException([{ path: 'userSkillId', message: 'Skill not found on your profile' }]);
    }
  }

  private async get(manager: EntityManager, id: string): Promise<PortfolioItem> {
    const row = await this.items.find(manager, id);
    if (!row) throw itemNotFound();
    return toPortfolioItem(row);
  }
}
