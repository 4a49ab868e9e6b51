import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import {
  type CreateSubmission,
  type DecideSubmission,
  type Submission,
  SubmissionDecidedV1,
  SubmissionMadeV1,
  WorkspaceErrorCode,
  WorkspaceNotificationType,
  workspacePath,
} from '@projectory/contracts';
import { isUniqueViolation, OutboxService, UserNotifier, ValidationException } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { eventParticipants } from '../domain/workspace-rules.js';
import { WorkspaceException } from '../exceptions/workspace.exception.js';
import { WorkspaceRepository, type WorkspaceUploadRow } from '../repositories/workspace.repository.js';
import { WorkspaceAccess } from './workspace-access.service.js';

/**
 * How long a submission waits for its upload's portfolio.attachment.stored event (a submit right after
 * the upload finished may come first), as messaging's ATTACHMENT_WAIT_MS.
 */
export const UPLOAD_WAIT_MS = 3000;
const UPLOAD_POLL_MS = 100;
/** An upload is submitted only with this much time left before portfolio would sweep it (messaging's margin). */
const SUBMIT_MARGIN_MS = 60 * 60 * 1000;

const uploadRefused = (message: string) => new ValidationException([{ path: 'uploadId', message }]);

/**
 * The student's submissions and the employer's decisions (API.md "The collaboration workspace"). Only
 * the latest submission of a milestone can be decided; an approved milestone takes no more.
 */
@Injectable()
export class SubmissionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: WorkspaceAccess,
    private readonly workspaces: WorkspaceRepository,
    private readonly outbox: OutboxService,
    private readonly notifier: UserNotifier,
  ) {}

  async submit(studentId: string, matchId: string, milestoneId: string, input: CreateSubmission): Promise<Submission> {
    const upload = input.uploadId === null ? null : await this.uploadOf(studentId, input.uploadId);
    try {
      return await this.access.change(matchId, studentId, 'student', async (manager, match) => {
        const milestone = await this.workspaces.milestoneState(manager, matchId, milestoneId);
        if (!milestone) throw new WorkspaceException(WorkspaceErrorCode.MilestoneNotFound);
        if (milestone.status === 'approved') throw new WorkspaceException(WorkspaceErrorCode.MilestoneApproved);
        const made = await this.workspaces.insertSubmission(manager, matchId, milestoneId, {
          note: input.note,
          links: input.links,
          uploadId: upload?.upload_id ?? null,
        });
        await this.outbox.add(manager, SubmissionMadeV1, matchId, {
          matchId,
          milestoneId,
          submissionId: made.id,
          ...eventParticipants(match),
          uploadId: upload?.upload_id ?? null,
          linkCount: input.links.length,
          attempt: made.attempt,
          submittedAt: made.submitted_at.toISOString(),
        });
        await this.notifier.notify(manager, match.employerId, {
          kind: WorkspaceNotificationType.SubmissionReceived,
          title: 'Work submitted',
          body: `New work was submitted for “${milestone.title}”.`,
          link: workspacePath(matchId),
        });
        const stored = await this.workspaces.milestone(manager, matchId, milestoneId);
        return stored!.submissions.find((submission) => submission.id === made.id)!;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'submissions_upload_key')) throw uploadRefused('This file was already submitted');
      throw error;
    }
  }

  async decide(
    employerId: string,
    matchId: string,
    submissionId: string,
    input: DecideSubmission,
  ): Promise<Submission> {
    return this.access.change(matchId, employerId, 'employer', async (manager, match) => {
      const submission = await this.workspaces.submissionToDecide(manager, matchId, submissionId);
      if (!submission) throw new WorkspaceException(WorkspaceErrorCode.SubmissionNotFound);
      if (!submission.latest) throw new WorkspaceException(WorkspaceErrorCode.SubmissionSuperseded);
      if (submission.decision !== null) throw new WorkspaceException(WorkspaceErrorCode.SubmissionDecided);
      const decidedAt = await this.workspaces.decide(
        manager,
        submissionId,
        submission.milestone_id,
        input.decision,
        input.feedback || null,
      );
      await this.outbox.add(manager, SubmissionDecidedV1, matchId, {
        matchId,
        milestoneId: submission.milestone_id,
        submissionId,
        ...eventParticipants(match),
        decision: input.decision,
        decidedAt: decidedAt.toISOString(),
      });
      const milestone = (await this.workspaces.milestone(manager, matchId, submission.milestone_id))!;
      await this.notifier.notify(manager, match.studentId, {
        kind: WorkspaceNotificationType.SubmissionDecided,
        title: input.decision === 'approved' ? 'Milestone approved' : 'Changes requested',
        body:
          input.decision === 'approved'
            ? `Your work for “${milestone.title}” was approved.`
            : `Changes were requested for “${milestone.title}”.`,
        link: workspacePath(matchId),
      });
      return milestone.submissions.find((item) => item.id === submissionId)!;
    });
  }

  /**
   * The student's own stored attachment upload, waiting up to UPLOAD_WAIT_MS for its event; else the 400
   * naming `uploadId` (foreign, unknown, unfinished or about to expire). Whether it was submitted before
   * is the database's uniqueness rule, at the insert.
   */
  private async uploadOf(studentId: string, uploadId: string): Promise<WorkspaceUploadRow> {
    const deadline = Date.now() + UPLOAD_WAIT_MS;
    for (;;) {
      const upload = await this.workspaces.ownUpload(this.dataSource, uploadId, studentId, SUBMIT_MARGIN_MS);
      if (upload?.expiring) throw uploadRefused('This upload has expired: upload the file again');
      if (upload) return upload;
      if (Date.now() >= deadline) throw uploadRefused('Upload not found or not finished');
      await sleep(UPLOAD_POLL_MS);
    }
  }
}
