import { Injectable } from '@nestjs/common';
import {
  type CreateMilestone,
  type Milestone,
  MilestonePlannedV1,
  MILESTONES_MAX,
  type UpdateMilestone,
  WorkspaceErrorCode,
} from '@projectory/contracts';
import { OutboxService } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { clampPosition, eventParticipants, plannedFromTemplate } from '../domain/workspace-rules.js';
import { WorkspaceException } from '../exceptions/workspace.exception.js';
import { WorkspaceReminders } from '../reminders/services/workspace-reminders.service.js';
import { WorkspaceRepository } from '../repositories/workspace.repository.js';
import { WorkspaceAccess, type WorkspaceMatch } from './workspace-access.service.js';

/**
 * A workspace's plan (API.md "The collaboration workspace"): the employer adds, changes, moves and
 * removes milestones while the match is accepted; positions stay 0..n-1. Each change holds the match's
 * row lock (WorkspaceAccess.change), so it cannot race the match's completion.
 */
@Injectable()
export class MilestoneService {
  constructor(
    private readonly access: WorkspaceAccess,
    private readonly workspaces: WorkspaceRepository,
    private readonly outbox: OutboxService,
    private readonly reminders: WorkspaceReminders,
  ) {}

  async create(employerId: string, matchId: string, input: CreateMilestone): Promise<Milestone> {
    return this.access.change(matchId, employerId, 'employer', async (manager, match) => {
      const count = await this.workspaces.countMilestones(manager, matchId);
      if (count >= MILESTONES_MAX) throw new WorkspaceException(WorkspaceErrorCode.TooManyMilestones);
      const { id } = await this.plan(manager, match, {
        title: input.title,
        description: input.description,
        dueDate: input.dueDate,
        position: clampPosition(input.position, count),
        fromTemplate: false,
      });
      return (await this.workspaces.milestone(manager, matchId, id))!;
    });
  }

  async update(employerId: string, matchId: string, milestoneId: string, input: UpdateMilestone): Promise<Milestone> {
    return this.access.change(matchId, employerId, 'employer', async (manager) => {
      const milestone = await this.changeable(manager, matchId, milestoneId);
      const count = await this.workspaces.countMilestones(manager, matchId);
      await this.workspaces.updateMilestone(manager, matchId, milestoneId, milestone.position, {
        ...input,
        position: input.position === undefined ? undefined : Math.min(input.position, count - 1),
      });
      if (input.dueDate !== undefined) {
        this.reminders.scheduleMilestone(manager, { milestoneId, matchId, dueDate: input.dueDate });
      }
      return (await this.workspaces.milestone(manager, matchId, milestoneId))!;
    });
  }

  async remove(employerId: string, matchId: string, milestoneId: string): Promise<void> {
    await this.access.change(matchId, employerId, 'employer', async (manager) => {
      const milestone = await this.changeable(manager, matchId, milestoneId);
      await this.workspaces.deleteMilestone(manager, matchId, milestoneId, milestone.position);
    });
  }

  /**
   * In the transaction that accepts the student (the match row locked by it): the project's template
   * becomes the workspace's plan, due dates counted from the acceptance day.
   */
  async startFromTemplate(
    manager: EntityManager,
    match: Omit<WorkspaceMatch, 'side' | 'status'>,
    acceptedAt: Date,
  ): Promise<void> {
    const template = plannedFromTemplate(await this.workspaces.template(manager, match.projectId), acceptedAt);
    const start = await this.workspaces.countMilestones(manager, match.matchId);
    for (const [index, item] of template.slice(0, Math.max(0, MILESTONES_MAX - start)).entries()) {
      await this.plan(manager, match, { ...item, position: start + index, fromTemplate: true });
    }
  }

  /** 409 `MILESTONES_OPEN` while a milestone of the match is not approved (under the match's lock). */
  async assertAllApproved(manager: EntityManager, matchId: string): Promise<void> {
    if ((await this.workspaces.countOpen(manager, matchId)) > 0) {
      throw new WorkspaceException(WorkspaceErrorCode.MilestonesOpen);
    }
  }

  private async plan(
    manager: EntityManager,
    match: Omit<WorkspaceMatch, 'side' | 'status'>,
    milestone: { title: string; description: string; dueDate: string | null; position: number; fromTemplate: boolean },
  ): Promise<{ id: string }> {
    const { id, created_at } = await this.workspaces.insertMilestone(manager, match.matchId, milestone);
    await this.outbox.add(manager, MilestonePlannedV1, match.matchId, {
      matchId: match.matchId,
      milestoneId: id,
      ...eventParticipants(match),
      title: milestone.title,
      dueDate: milestone.dueDate,
      fromTemplate: milestone.fromTemplate,
      plannedAt: created_at.toISOString(),
    });
    this.reminders.scheduleMilestone(manager, { milestoneId: id, matchId: match.matchId, dueDate: milestone.dueDate });
    return { id };
  }

  /** The match's milestone (404 otherwise), not yet approved (409). */
  private async changeable(manager: EntityManager, matchId: string, milestoneId: string) {
    const milestone = await this.workspaces.milestoneState(manager, matchId, milestoneId);
    if (!milestone) throw new WorkspaceException(WorkspaceErrorCode.MilestoneNotFound);
    if (milestone.status === 'approved') throw new WorkspaceException(WorkspaceErrorCode.MilestoneApproved);
    return milestone;
  }
}
