import { Injectable } from '@nestjs/common';
import {
  FREE_PLAN_MONTHLY_APPLICATIONS,
  type Match,
  MatchCompletedV1,
  MatchCreatedV1,
  type Collection,
  type EventPayload,
  MatchingErrorCode,
  type MatchStatus,
  MatchStatusChangedV1,
  matchTransitions,
  NotFoundCode,
} from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  decodeCursor,
  isUniqueViolation,
  newestFirstPosition,
  type NotificationData,
  notFound,
  OutboxService,
  type PushedData,
  UserNotifier,
  ValidationException,
} from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { displayName, matchNotification } from '../domain/notifications.js';
import type { ListMatchesQuery } from '../dtos/matching.dto.js';
import { MatchingException } from '../exceptions/matching.exception.js';
import { MatchRepository } from '../repositories/match.repository.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { ReadModelRepository } from '../repositories/read-model.repository.js';
import { skillKey } from '../scoring/index.js';
import { WorkspaceRepository } from '../workspace/repositories/workspace.repository.js';
import { MilestoneService } from '../workspace/services/milestone.service.js';
import { WorkspaceAccess } from '../workspace/services/workspace-access.service.js';
import { ResponsivenessService } from './responsiveness.service.js';
import { explainPair } from './scorer.js';

/** Applications and their lifecycle (API.md "Matching", PRODUCT.md). */
@Injectable()
export class MatchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly matches: MatchRepository,
    private readonly readModel: ReadModelRepository,
    private readonly profiles: ProfileRepository,
    private readonly notifier: UserNotifier,
    private readonly responsiveness: ResponsivenessService,
    private readonly milestones: MilestoneService,
    private readonly workspace: WorkspaceAccess,
    private readonly workspaces: WorkspaceRepository,
  ) {}

  /** A student applies, with an optional pitch for the employer: scores come from the scorer, never from the client. */
  async apply(caller: AuthenticatedIdentity, projectId: string, pitch: string | null = null): Promise<Match> {
    try {
      const matchId = await this.dataSource.transaction((manager) =>
        this.applyIn(manager, caller.userId, projectId, { pitch }),
      );
      return await this.get(caller.userId, matchId);
    } catch (error) {
      if (isUniqueViolation(error)) throw new MatchingException(MatchingErrorCode.AlreadyApplied);
      throw error;
    }
  }

  /**
   * The application, in the caller's transaction: also an accepted invitation's (`invitationId`), which
   * does not count toward the free plan's monthly limit (API.md "Finding talent").
   */
  async applyIn(
    manager: EntityManager,
    studentId: string,
    projectId: string,
    { pitch = null, invitationId = null }: { pitch?: string | null; invitationId?: string | null },
  ): Promise<string> {
    // The student's row lock makes one application at a time per student: the monthly count holds.
    const student = await this.readModel.lockPerson(manager, studentId, 'student');
    // Until this commits, no event about the project looks at its applications (ProjectLifecycleService).
    await this.readModel.lockProjectForApplication(manager, projectId);
    const project = (await this.profiles.projects(manager, [projectId])).get(projectId);
    if (!project) throw notFound(NotFoundCode.Project);
    if (!project.active) throw new MatchingException(MatchingErrorCode.ProjectInactive);
    if (await this.matches.exists(manager, projectId, studentId))
      throw new MatchingException(MatchingErrorCode.AlreadyApplied);
    if (
      invitationId === null &&
      student.plan === 'free' &&
      (await this.matches.countThisMonth(manager, studentId)) >= FREE_PLAN_MONTHLY_APPLICATIONS
    ) {
      throw new MatchingException(MatchingErrorCode.PlanLimitReached);
    }
    const score = explainPair(await this.profiles.studentProfile(manager, studentId), project.profile);
    const { id, createdAt } = await this.matches.insert(manager, {
      projectId,
      studentId,
      employerId: project.employerId,
      matchScore: score.overall,
      skillsMatch: score.skills,
      cultureMatch: score.culture,
      reasons: score.reasons,
      pitch,
      invitationId,
    });
    await this.outbox.add(manager, MatchCreatedV1, id, {
      matchId: id,
      projectId,
      studentId,
      employerId: project.employerId,
      status: 'pending',
      matchScore: score.overall,
      createdAt: createdAt.toISOString(),
    });
    await this.announce(
      manager,
      project.employerId,
      { matchId: id, status: 'pending', projectId },
      matchNotification('pending', displayName(student), project),
    );
    this.responsiveness.scheduleTimers(manager, id);
    return id;
  }

  /** One match, to its participants only; anyone else gets the same 404 as for a match that does not exist. */
  async get(viewerId: string, matchId: string): Promise<Match> {
    const match = await this.matches.findForParticipant(this.dataSource, matchId, viewerId);
    if (!match) throw new MatchingException(MatchingErrorCode.MatchNotFound);
    return match;
  }

  /** Students: their applications; employers: applications to their projects. Newest first. */
  async list(caller: AuthenticatedIdentity, query: ListMatchesQuery): Promise<Collection<Match>> {
    const after = decodeCursor(query.cursor, newestFirstPosition);
    return this.matches.list(
      this.dataSource,
      {
        side: caller.role === 'student' ? 'student' : 'employer',
        userId: caller.userId,
        status: query.status,
        projectId: query.projectId,
      },
      query.limit,
      after,
    );
  }

  /**
   * Moves an application along its lifecycle; the other side hears of it at once. Accepting starts the
   * workspace from the project's template; completing needs every milestone approved (ADR 0019: both
   * under the match's row lock, which every workspace change takes too) and may carry the employer's
   * recommendation.
   */
  async changeStatus(
    caller: AuthenticatedIdentity,
    matchId: string,
    to: MatchStatus,
    recommendation: string | null = null,
  ): Promise<Match> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.matches.lock(manager, matchId);
      const me = caller.userId;
      if (!row || (row.student_id !== me && row.employer_id !== me)) {
        throw new MatchingException(MatchingErrorCode.MatchNotFound);
      }
      const side = row.employer_id === me ? 'employer' : 'student';
      if (to === 'closed') {
        throw new MatchingException(MatchingErrorCode.InvalidTransition, 'Only the system closes an application');
      }
      if (!matchTransitions[side][row.status]?.includes(to)) {
        throw new MatchingException(
          MatchingErrorCode.InvalidTransition,
          `An application cannot go from ${row.status} to ${to} by the ${side}`,
        );
      }
      if (recommendation !== null && !(side === 'employer' && to === 'completed')) {
        throw new ValidationException([
          { path: 'recommendation', message: 'Only the employer completing the project may give a recommendation' },
        ]);
      }
      if (to === 'completed') await this.milestones.assertAllApproved(manager, matchId);
      const changedAt = await this.matches.setStatus(manager, matchId, to, recommendation);
      if (to === 'accepted') {
        const participants = {
          matchId,
          projectId: row.project_id,
          studentId: row.student_id,
          employerId: row.employer_id,
        };
        await this.milestones.startFromTemplate(manager, participants, changedAt);
      }
      // A workspace starts, or turns read-only: both participants' open workspace pages ask again.
      if (to === 'accepted' || row.status === 'accepted') {
        await this.workspace.announce(manager, {
          matchId,
          studentId: row.student_id,
          employerId: row.employer_id,
        });
      }
      await this.outbox.add(manager, MatchStatusChangedV1, matchId, {
        matchId,
        projectId: row.project_id,
        studentId: row.student_id,
        employerId: row.employer_id,
        from: row.status,
        to,
        changedAt: changedAt.toISOString(),
      });
      if (to === 'completed') {
        const participants = {
          matchId,
          projectId: row.project_id,
          studentId: row.student_id,
          employerId: row.employer_id,
        };
        const completed = await this.completion(manager, participants, recommendation, changedAt);
        await this.outbox.add(manager, MatchCompletedV1, matchId, completed);
      }
      // A decision answers the application; any change may move the employer's response figures.
      if (side === 'employer') await this.responsiveness.responded(manager, matchId, row.employer_id, changedAt);
      else await this.responsiveness.refresh(manager, row.employer_id);
      const counterpart = side === 'employer' ? row.student_id : row.employer_id;
      const names = await this.profiles.people(manager, [me]);
      const project = await this.profiles.projectRef(manager, row.project_id);
      await this.announce(
        manager,
        counterpart,
        { matchId, status: to, projectId: row.project_id },
        matchNotification(to, displayName(names.get(me)), project!, matchId),
      );
    });
    return this.get(caller.userId, matchId);
  }

  /**
   * What a credential says of a completed match (MatchCompletedV1), as matching knows it now: the
   * project and the two people from the read models, the approved milestones in plan order, the
   * project's required skills the student holds (compared by skill key), the employer's recommendation.
   */
  private async completion(
    manager: EntityManager,
    match: { matchId: string; projectId: string; studentId: string; employerId: string },
    recommendation: string | null,
    completedAt: Date,
  ): Promise<EventPayload<typeof MatchCompletedV1>> {
    const project = (await this.profiles.projects(manager, [match.projectId])).get(match.projectId);
    const people = await this.profiles.people(manager, [match.studentId, match.employerId]);
    const student = await this.profiles.studentProfile(manager, match.studentId);
    const milestones = await this.workspaces.milestones(manager, match.matchId);
    const held = new Set(student.skills.map((skill) => skillKey(skill.name)).filter(Boolean));
    const names = (id: string) => ({
      firstName: people.get(id)?.first_name ?? '',
      lastName: people.get(id)?.last_name ?? '',
    });
    return {
      ...match,
      project: {
        title: project?.title ?? '',
        description: project?.description ?? '',
        exchangeType: project?.exchangeType ?? 'experience',
      },
      student: names(match.studentId),
      employer: { ...names(match.employerId), company: people.get(match.employerId)?.company ?? null },
      milestones: milestones
        .filter((milestone) => milestone.status === 'approved')
        .map((milestone) => ({
          id: milestone.id,
          title: milestone.title,
          description: milestone.description,
          approvedAt: milestone.approvedAt ?? completedAt.toISOString(),
        })),
      skills: (project?.requiredSkills ?? []).filter((name) => held.has(skillKey(name))),
      recommendation,
      completedAt: completedAt.toISOString(),
    };
  }

  /** The other side's open screens update the match in place, and they are told why. */
  private async announce(
    manager: EntityManager,
    userId: string,
    update: PushedData<'match:updated'>,
    notification: NotificationData,
  ): Promise<void> {
    await this.notifier.push(manager, userId, 'match:updated', update);
    await this.notifier.notify(manager, userId, notification);
  }
}
