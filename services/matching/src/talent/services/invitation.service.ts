import { Injectable } from '@nestjs/common';
import {
  type AnswerInvitation,
  type Collection,
  CommonErrorCode,
  type CreateInvitation,
  type Invitation,
  INVITATIONS_PATH,
  INVITATIONS_PER_EMPLOYER_PER_DAY,
  type InvitationsQuery,
  MatchingErrorCode,
  NotFoundCode,
  SafetyErrorCode,
  TalentErrorCode,
  TalentNotificationKind,
} from '@projectory/contracts';
import {
  AppException,
  type AuthenticatedIdentity,
  decodeCursor,
  newestFirstPosition,
  notFound,
  toPage,
  UserNotifier,
} from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MatchingException, TalentException } from '../../exceptions/matching.exception.js';
import { MatchRepository } from '../../repositories/match.repository.js';
import { ProfileRepository } from '../../repositories/profile.repository.js';
import { MatchService } from '../../services/match.service.js';
import { InvitationRepository, type InvitationRow, toInvitation } from '../repositories/invitation.repository.js';
import { TalentRepository } from '../repositories/talent.repository.js';

const invitationNotFound = () => notFound(NotFoundCode.Invitation);

/**
 * Invitations to apply (API.md "Finding talent"): a verified employer invites a discoverable student to
 * one of their active projects; the student accepts (the application is created in the same
 * transaction, outside the free plan's monthly limit) or declines; a project that stops taking
 * applications expires its pending invitations (InvitationRepository.expireForProject, from the
 * project's events: ReadModelConsumer).
 */
@Injectable()
export class InvitationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly invitations: InvitationRepository,
    private readonly talent: TalentRepository,
    private readonly profiles: ProfileRepository,
    private readonly matches: MatchRepository,
    private readonly applications: MatchService,
    private readonly notifier: UserNotifier,
  ) {}

  async invite(caller: AuthenticatedIdentity, input: CreateInvitation): Promise<Invitation> {
    return this.dataSource.transaction(async (manager) => {
      const project = (await this.profiles.projects(manager, [input.projectId])).get(input.projectId);
      if (!project || project.employerId !== caller.userId || !project.active) throw notFound(NotFoundCode.Project);
      if ((await this.invitations.verificationOf(manager, caller.userId)) === 'none') {
        throw new TalentException(SafetyErrorCode.VerificationRequired);
      }
      if (await this.talent.blocked(manager, caller.userId, input.studentId))
        throw new TalentException(SafetyErrorCode.Blocked);
      if (!(await this.talent.findable(manager, caller.userId, input.studentId))) throw notFound(NotFoundCode.User);
      if (await this.matches.exists(manager, input.projectId, input.studentId)) {
        throw new TalentException(TalentErrorCode.AlreadyApplied);
      }
      if ((await this.invitations.sentToday(manager, caller.userId)) >= INVITATIONS_PER_EMPLOYER_PER_DAY) {
        throw new AppException(429, CommonErrorCode.RateLimited, 'You have sent the most invitations a day allows.');
      }
      const created = await this.invitations.insert(manager, {
        employerId: caller.userId,
        studentId: input.studentId,
        projectId: input.projectId,
        message: input.message || null,
      });
      if (!created) throw new TalentException(TalentErrorCode.AlreadyInvited);
      const invitation = toInvitation((await this.invitations.byIdFor(manager, created, caller.userId))!);
      const { company, firstName, lastName } = invitation.employer;
      await this.notifier.notify(manager, input.studentId, {
        kind: TalentNotificationKind.Received,
        title: `${company || `${firstName} ${lastName}`.trim()} invites you to apply`,
        body: invitation.project.title,
        link: INVITATIONS_PATH,
      });
      return invitation;
    });
  }

  async list(caller: AuthenticatedIdentity, query: InvitationsQuery): Promise<Collection<Invitation>> {
    const after = decodeCursor(query.cursor, newestFirstPosition);
    const side = caller.role === 'student' ? 'student' : 'employer';
    const rows = await this.invitations.list(this.dataSource, side, caller.userId, {
      status: query.status,
      limit: query.limit,
      after,
    });
    return toPage(rows, query.limit, toInvitation, (row) => [row.position, row.id]);
  }

  /** The student's answer: an acceptance is the application; an invitation no longer pending is 409. */
  async answer(caller: AuthenticatedIdentity, id: string, input: AnswerInvitation): Promise<Invitation> {
    const expired = await this.dataSource.transaction(async (manager) => {
      const invitation = await this.invitations.byIdFor(manager, id, caller.userId, true);
      if (!invitation || invitation.student_id !== caller.userId) throw invitationNotFound();
      if (invitation.status !== 'pending') throw new TalentException(TalentErrorCode.InvitationClosed);
      if (!invitation.project_active) {
        // Its project stopped taking applications before the event that expires it arrived.
        await this.invitations.expireForProject(manager, invitation.project_id);
        return true;
      }
      if (await this.talent.blocked(manager, invitation.employer_id, caller.userId)) {
        throw new TalentException(SafetyErrorCode.Blocked);
      }
      const matchId = input.status === 'accepted' ? await this.accept(manager, invitation) : null;
      await this.invitations.answer(manager, id, input.status, matchId);
      await this.notifier.notify(manager, invitation.employer_id, {
        kind: TalentNotificationKind.Answered,
        title: `${invitation.student.firstName} ${input.status === 'accepted' ? 'accepted' : 'declined'} your invitation`,
        body: invitation.project_title,
        link: matchId ? `/projects/${invitation.project_id}` : INVITATIONS_PATH,
      });
      return false;
    });
    if (expired) throw new TalentException(TalentErrorCode.InvitationClosed);
    return this.get(caller.userId, id);
  }

  private async accept(manager: EntityManager, invitation: InvitationRow): Promise<string> {
    try {
      return await this.applications.applyIn(manager, invitation.student_id, invitation.project_id, {
        invitationId: invitation.id,
      });
    } catch (error) {
      if (error instanceof MatchingException && error.code === MatchingErrorCode.AlreadyApplied) {
        throw new TalentException(TalentErrorCode.AlreadyApplied);
      }
      throw error;
    }
  }

  private async get(userId: string, id: string): Promise<Invitation> {
    const row = await this.invitations.byIdFor(this.dataSource, id, userId);
    if (!row) throw invitationNotFound();
    return toInvitation(row);
  }
}
