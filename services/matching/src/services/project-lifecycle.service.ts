import { Injectable } from '@nestjs/common';
import {
  type EventPayload,
  MatchStatusChangedV1,
  type ProjectArchivedV1,
  type ProjectSnapshot,
} from '@projectory/contracts';
import { lockTransaction, OutboxService, UserNotifier } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { closedNotification, reopenedNotification } from '../domain/notifications.js';
import { MatchRepository, type SystemChangedMatch } from '../repositories/match.repository.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { projectApplicationsLock, ReadModelRepository } from '../repositories/read-model.repository.js';
import { ResponsivenessService } from './responsiveness.service.js';

/**
 * Applications follow their project's life (API.md "Matching", (system)). Runs in the inbox transaction
 * of projects' events, holding the project's applications lock exclusively, so no application commits
 * unseen meanwhile:
 * - archived: its pending and accepted applications close (`project_archived`, or `project_unavailable`
 *   for those made at or after the archive);
 * - paused (a snapshot with `isActive: false`): applications made at or after the event's time reached
 *   a project that was not taking them (the read model was behind): they close as `project_unavailable`
 *   and stop counting toward the monthly limit. Earlier ones stay as they are;
 * - taking applications (`isActive: true`): an application closed as raced but made at or after this
 *   event's time was made while the project was open (matching heard of a pause and the reactivation
 *   after it late): it is pending again.
 * Each student is notified with the reason; both sides' open screens update; projects hears of the change.
 */
@Injectable()
export class ProjectLifecycleService {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly matches: MatchRepository,
    private readonly profiles: ProfileRepository,
    private readonly outbox: OutboxService,
    private readonly notifier: UserNotifier,
    private readonly responsiveness: ResponsivenessService,
  ) {}

  /** ProjectCreated / ProjectUpdated at `occurredAt`; returns whether the read model changed. */
  async snapshot(manager: EntityManager, project: ProjectSnapshot, occurredAt: string): Promise<boolean> {
    await lockTransaction(manager, projectApplicationsLock(project.projectId));
    const stored = await this.readModel.applyProject(manager, project, occurredAt);
    if (!stored) return false;
    if (!stored.archived) {
      const changed = project.isActive
        ? await this.matches.reopenForProject(manager, project.projectId, occurredAt)
        : await this.matches.closeForProject(manager, project.projectId, ['pending'], occurredAt, occurredAt);
      await this.announce(manager, changed);
    }
    return true;
  }

  /** ProjectArchived; returns whether the read model changed (archiving happens once). */
  async archived(manager: EntityManager, archived: EventPayload<typeof ProjectArchivedV1>): Promise<boolean> {
    await lockTransaction(manager, projectApplicationsLock(archived.projectId));
    if (!(await this.readModel.archiveProject(manager, archived))) return false;
    const closed = await this.matches.closeForProject(
      manager,
      archived.projectId,
      ['pending', 'accepted'],
      archived.archivedAt,
    );
    await this.announce(manager, closed);
    return true;
  }

  private async announce(manager: EntityManager, changed: SystemChangedMatch[]): Promise<void> {
    if (changed.length === 0) return;
    const project = (await this.profiles.projectRef(manager, changed[0]!.project_id))!;
    for (const match of changed) {
      await this.outbox.add(manager, MatchStatusChangedV1, match.id, {
        matchId: match.id,
        projectId: match.project_id,
        studentId: match.student_id,
        employerId: match.employer_id,
        from: match.from_status,
        to: match.status,
        changedAt: match.updated_at.toISOString(),
      });
      const update = { matchId: match.id, status: match.status, projectId: match.project_id };
      await this.notifier.push(manager, match.student_id, 'match:updated', update);
      await this.notifier.push(manager, match.employer_id, 'match:updated', update);
      await this.notifier.notify(
        manager,
        match.student_id,
        match.closed_reason ? closedNotification(match.closed_reason, project) : reopenedNotification(project),
      );
    }
    // Closed or reopened applications leave or rejoin the employer's response figures.
    await this.responsiveness.refresh(manager, changed[0]!.employer_id);
  }
}
