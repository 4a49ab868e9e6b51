import { Injectable } from '@nestjs/common';
import {
  AssessmentCompletedV1,
  CredentialRevokedV1,
  EmployerVerificationChangedV1,
  type EventPayload,
  MatchCreatedV1,
  MatchStatusChangedV1,
  ProjectArchivedV1,
  ProjectCreatedV1,
  type ProjectSnapshot,
  ProjectModeratedV1,
  ProjectUpdatedV1,
  ReportResolvedV1,
  UserAdminChangedV1,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { ReadModelRepository } from '../repositories/read-model.repository.js';
import { AdminActionService } from '../services/admin-action.service.js';

/**
 * Feeds the admin read model from the owners' events, one inbox transaction each: assessments, user
 * skills (portfolio), projects and matches; and the audit log from the admin actions identity and
 * projects applied, from credentials' revocations, from admins' employer verification decisions and from
 * resolved reports (trust and safety). Users (identity) come through `peopleConsumer`
 * (admin.module.ts).
 */
@Injectable()
export class ReadModelConsumer {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly actions: AdminActionService,
  ) {}

  @OnEvent(UserAdminChangedV1)
  async userAdminChanged(change: EventPayload<typeof UserAdminChangedV1>, { manager }: EventContext) {
    await this.actions.record(manager, change);
  }

  @OnEvent(AssessmentCompletedV1)
  async assessmentCompleted(result: EventPayload<typeof AssessmentCompletedV1>, { manager }: EventContext) {
    await this.readModel.applyAssessment(manager, result);
  }

  @OnEvent(UserSkillsUpdatedV1)
  async skillsUpdated(list: EventPayload<typeof UserSkillsUpdatedV1>, { manager }: EventContext) {
    await this.readModel.applySkills(manager, list);
  }

  @OnEvent([ProjectCreatedV1, ProjectUpdatedV1])
  async project(project: ProjectSnapshot, { manager, envelope }: EventContext) {
    await this.readModel.applyProject(manager, project, envelope.occurredAt);
  }

  @OnEvent(ProjectArchivedV1)
  async projectArchived(archived: EventPayload<typeof ProjectArchivedV1>, { manager }: EventContext) {
    await this.readModel.archiveProject(manager, archived.projectId);
  }

  @OnEvent(ProjectModeratedV1)
  async projectModerated(change: EventPayload<typeof ProjectModeratedV1>, { manager }: EventContext) {
    await this.actions.record(manager, change);
  }

  /**
   * A revocation, by an admin or the project's employer: audited like an admin action. A credential is
   * revoked once (credentials answers 409 after that), so its id is the change id.
   */
  @OnEvent(CredentialRevokedV1)
  async credentialRevoked(revoked: EventPayload<typeof CredentialRevokedV1>, { manager }: EventContext) {
    await this.actions.record(manager, {
      changeId: revoked.credentialId,
      actorId: revoked.revokedBy,
      action: 'credential.revoked',
      target: { type: 'credential', id: revoked.credentialId },
      before: { status: 'active' },
      after: { status: 'revoked' },
      reason: revoked.reason,
      at: revoked.revokedAt,
    });
  }

  /**
   * An admin's verification decision (a domain link the employer opened is no admin action): audited
   * with the levels before and after and the admin's note. The change id is the row's id.
   */
  @OnEvent(EmployerVerificationChangedV1)
  async verificationChanged(change: EventPayload<typeof EmployerVerificationChangedV1>, { manager }: EventContext) {
    if (change.method !== 'admin') return;
    await this.actions.record(manager, {
      changeId: change.changeId,
      actorId: change.actorId,
      action: 'employer.verification',
      target: { type: 'user', id: change.employerId },
      before: { verification: change.before },
      after: { verification: change.after },
      reason: change.note,
      at: change.changedAt,
    });
  }

  /**
   * A report an admin acted on (`report.<action>`), audited against the reported user. A report is
   * resolved once (messaging answers 409 after that), so its id is the change id.
   */
  @OnEvent(ReportResolvedV1)
  async reportResolved(resolved: EventPayload<typeof ReportResolvedV1>, { manager }: EventContext) {
    await this.actions.record(manager, {
      changeId: resolved.reportId,
      actorId: resolved.actorId,
      action: `report.${resolved.action}`,
      target: { type: 'user', id: resolved.reportedUserId },
      before: { report: 'open' },
      after: {
        report: 'resolved',
        action: resolved.action,
        reason: resolved.reason,
        targetType: resolved.targetType,
        targetId: resolved.targetId,
      },
      reason: resolved.note,
      at: resolved.resolvedAt,
    });
  }

  @OnEvent(MatchCreatedV1)
  async matchCreated(match: EventPayload<typeof MatchCreatedV1>, { manager }: EventContext): Promise<void> {
    await this.readModel.applyMatch(manager, { ...match, createdAt: match.createdAt }, match.createdAt);
  }

  @OnEvent(MatchStatusChangedV1)
  async matchStatusChanged(change: EventPayload<typeof MatchStatusChangedV1>, { manager }: EventContext) {
    await this.readModel.applyMatch(
      manager,
      { ...change, status: change.to, matchScore: null, createdAt: null },
      change.changedAt,
    );
  }
}
