import { Injectable } from '@nestjs/common';
import {
  type CreateSession,
  SessionCancelledV1,
  SessionScheduledV1,
  WorkspaceErrorCode,
  type WorkspaceSession,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, OutboxService, UserNotifier } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { displayName } from '../../../domain/notifications.js';
import { ProfileRepository } from '../../../repositories/profile.repository.js';
import { eventParticipants } from '../../domain/workspace-rules.js';
import { WorkspaceException } from '../../exceptions/workspace.exception.js';
import { WorkspaceReminders } from '../../reminders/services/workspace-reminders.service.js';
import { WorkspaceAccess, type WorkspaceMatch } from '../../services/workspace-access.service.js';
import { sessionCancelledNotification, sessionScheduledNotification } from '../domain/session-notifications.js';
import { SessionsRepository, toSession } from '../repositories/sessions.repository.js';

const MINUTE_MS = 60_000;

/**
 * A workspace's sessions (API.md `POST`/`DELETE /api/workspaces/:matchId/sessions`): either participant
 * schedules or cancels one while the match is accepted; the other is told, the event goes out, both
 * screens refresh, and a session gets its "starting" reminder. Every change holds the match's lock, so
 * the overlap check sees every session committed before it.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly access: WorkspaceAccess,
    private readonly sessions: SessionsRepository,
    private readonly profiles: ProfileRepository,
    private readonly outbox: OutboxService,
    private readonly notifier: UserNotifier,
    private readonly reminders: WorkspaceReminders,
  ) {}

  async schedule(caller: AuthenticatedIdentity, matchId: string, body: CreateSession): Promise<WorkspaceSession> {
    return this.access.change(matchId, caller.userId, 'either', async (manager, match) => {
      const startsAt = new Date(body.startsAt);
      const endsAt = new Date(startsAt.getTime() + body.durationMinutes * MINUTE_MS);
      if (await this.sessions.overlaps(manager, match.matchId, startsAt, endsAt)) {
        throw new WorkspaceException(WorkspaceErrorCode.SessionOverlap);
      }
      const row = await this.sessions.insert(manager, {
        matchId: match.matchId,
        title: body.title,
        startsAt,
        durationMinutes: body.durationMinutes,
        agenda: body.agenda,
        createdBy: caller.userId,
      });
      const { actor, projectTitle } = await this.context(manager, match, caller.userId);
      await this.notifier.notify(
        manager,
        otherSide(match),
        sessionScheduledNotification(actor, { ...body, startsAt }, projectTitle, match.matchId),
      );
      await this.outbox.add(manager, SessionScheduledV1, match.matchId, {
        matchId: match.matchId,
        sessionId: row.id,
        ...eventParticipants(match),
        createdBy: caller.userId,
        startsAt: row.starts_at.toISOString(),
        durationMinutes: row.duration_minutes,
        scheduledAt: row.created_at.toISOString(),
      });
      this.reminders.scheduleSession(manager, { sessionId: row.id, matchId: match.matchId, startsAt: row.starts_at });
      return toSession(row);
    });
  }

  /** Cancels a session; an unknown one, another workspace's or one cancelled already is 404. */
  async cancel(caller: AuthenticatedIdentity, matchId: string, sessionId: string): Promise<void> {
    await this.access.change(matchId, caller.userId, 'either', async (manager, match) => {
      const row = await this.sessions.cancel(manager, match.matchId, sessionId);
      if (!row) throw new WorkspaceException(WorkspaceErrorCode.SessionNotFound);
      const { actor, projectTitle } = await this.context(manager, match, caller.userId);
      await this.notifier.notify(
        manager,
        otherSide(match),
        sessionCancelledNotification(actor, { title: row.title, startsAt: row.starts_at }, projectTitle, match.matchId),
      );
      await this.outbox.add(manager, SessionCancelledV1, match.matchId, {
        matchId: match.matchId,
        sessionId: row.id,
        projectId: match.projectId,
        cancelledBy: caller.userId,
        cancelledAt: row.cancelled_at!.toISOString(),
      });
    });
  }

  /** The caller's name as the other side sees it, and the project's title. */
  private async context(manager: EntityManager, match: WorkspaceMatch, callerId: string) {
    const people = await this.profiles.people(manager, [callerId]);
    const project = await this.profiles.projectRef(manager, match.projectId);
    return { actor: displayName(people.get(callerId)), projectTitle: project?.title ?? '' };
  }
}

const otherSide = (match: WorkspaceMatch): string => (match.side === 'student' ? match.employerId : match.studentId);
