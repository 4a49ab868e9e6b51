import { Inject, Injectable } from '@nestjs/common';
import {
  type Collection,
  type ListPortfolioQuery,
  PortfolioErrorCode,
  type PortfolioItem,
  type PortfolioReviewItem,
  type VerifyPortfolioItemInput,
} from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  decodeCursor,
  FILE_STORE,
  type FileDownload,
  FileNotFoundError,
  type FileStore,
  ForbiddenException,
  LOGGER,
  toPage,
  UserNotifier,
} from '@projectory/platform';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import {
  APPLICATION_STATUSES_TO_REVIEW,
  APPLICATION_STATUSES_TO_VIEW,
  mayReview,
  reviewNotification,
} from '../domain/portfolio-rules.js';
import { PortfolioException } from '../exceptions/portfolio.exception.js';
import {
  PortfolioItemRepository,
  type PortfolioItemRow,
  toPortfolioItem,
  toReviewItem,
  waitingPosition,
} from '../repositories/portfolio-item.repository.js';
import { ReadModelRepository } from '../repositories/read-model.repository.js';
import { itemNotFound } from './portfolio-item.service.js';
import { UserSkillService } from './user-skill.service.js';

/**
 * What others do with a student's work: open its file (the owner, admins, employers the student
 * applied to) and review it (admins, employers with an accepted or completed application from the
 * student). Someone who may not open an item is told it does not exist (404), never that it is not
 * theirs; an employer who may open it but not review it gets 403.
 */
@Injectable()
export class PortfolioReviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly items: PortfolioItemRepository,
    private readonly readModel: ReadModelRepository,
    private readonly userSkills: UserSkillService,
    private readonly notifier: UserNotifier,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The item's record and its bytes, for a caller who may open it. */
  async openFile(caller: AuthenticatedIdentity, id: string): Promise<{ item: PortfolioItemRow; file: FileDownload }> {
    const item = await this.items.find(this.dataSource, id);
    if (!item || !(await this.mayView(caller, item.user_id))) throw itemNotFound();
    try {
      return { item, file: await this.files.get(item.file_key) };
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
      this.logger.error({ itemId: id, fileKey: item.file_key }, 'portfolio item without its stored file');
      throw itemNotFound();
    }
  }

  /**
   * A reviewer's decision. `verified` makes the item's skill verified (announced to matching); the owner
   * sees the item change live, and is notified of a decision (verified, rejected).
   */
  async review(caller: AuthenticatedIdentity, id: string, input: VerifyPortfolioItemInput): Promise<PortfolioItem> {
    const ownerId = await this.items.ownerOf(this.dataSource, id);
    if (!ownerId || !(await this.mayView(caller, ownerId))) throw itemNotFound();
    const role = caller.role === 'admin' ? 'admin' : 'employer';
    if (
      role === 'employer' &&
      !(await this.readModel.hasApplication(this.dataSource, caller.userId, ownerId, APPLICATION_STATUSES_TO_REVIEW))
    ) {
      throw new ForbiddenException('Only an employer who accepted this student for a project may review their work');
    }
    return this.dataSource.transaction(async (manager) => {
      await this.userSkills.lockUser(manager, ownerId);
      const row = await this.items.find(manager, id);
      if (!row) throw itemNotFound();
      if (!mayReview(role, row.verification_status, input.status)) {
        throw new PortfolioException(
          PortfolioErrorCode.AlreadyReviewed,
          row.verification_status === input.status
            ? `This item is already ${input.status.replace('_', ' ')}`
            : undefined,
        );
      }
      await this.items.review(manager, id, { status: input.status, notes: input.notes, reviewerId: caller.userId });
      await this.userSkills.syncVerified(manager, ownerId);
      const item = toPortfolioItem((await this.items.find(manager, id))!);
      await this.notifier.push(manager, ownerId, 'portfolio:updated', item);
      const notification = reviewNotification(item);
      if (notification) await this.notifier.notify(manager, ownerId, notification);
      return item;
    });
  }

  /** Items waiting for review: all of them for admins, an employer's accepted students' for employers. */
  async waiting(
    caller: AuthenticatedIdentity,
    { limit, cursor }: ListPortfolioQuery,
  ): Promise<Collection<PortfolioReviewItem>> {
    const reviewer =
      caller.role === 'admin' ? null : { employerId: caller.userId, statuses: APPLICATION_STATUSES_TO_REVIEW };
    const rows = await this.items.waiting(this.dataSource, reviewer, limit, decodeCursor(cursor, waitingPosition));
    return toPage(rows, limit, toReviewItem, (row) => [row.position, row.id]);
  }

  private async mayView(caller: AuthenticatedIdentity, ownerId: string): Promise<boolean> {
    if (caller.userId === ownerId || caller.role === 'admin') return true;
    return (
      caller.role === 'employer' &&
      this.readModel.hasApplication(this.dataSource, caller.userId, ownerId, APPLICATION_STATUSES_TO_VIEW)
    );
  }
}
