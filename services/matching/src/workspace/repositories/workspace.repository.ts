import { Injectable } from '@nestjs/common';
import type {
  Collection,
  ExchangeType,
  MatchStatus,
  Milestone,
  MilestoneStatus,
  MilestoneTemplate,
  Submission,
  SubmissionDecision,
  WorkspaceSummary,
} from '@projectory/contracts';
import {
  attachmentUploads,
  type AttachmentUploadRow,
  queryRows,
  type Runner,
  type StoredAttachment,
  toPage,
} from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { progressOf } from '../domain/workspace-rules.js';

/**
 * "Today" for due dates: the calendar date it is at the latest somewhere on Earth (UTC−12), as the
 * contracts' `earliestToday`: a due date the API accepted is not overdue yet.
 */
const TODAY_SQL = `((now() - interval '12 hours') AT TIME ZONE 'UTC')::date`;

/** The keyset position of `GET /api/workspaces/me`: [accepted 0 / completed 1, sort micros, match id]. */
export type WorkspaceListPosition = [number, string, string];

/** Beyond any due date (9999-12-31T23:59:59.999999Z in microseconds): no due date sorts last. */
const NO_DUE_MICROS = '253402300799999999';

/** A match as the workspace reads it. */
export interface WorkspaceMatchRow {
  id: string;
  project_id: string;
  student_id: string;
  employer_id: string;
  status: MatchStatus;
  accepted_at: Date | null;
}

/** The project and the two people of a workspace. */
export interface WorkspaceHeaderRow {
  project_id: string;
  title: string | null;
  exchange_type: ExchangeType;
  exchange_description: string | null;
  student_id: string;
  student_first_name: string | null;
  student_last_name: string | null;
  employer_id: string;
  employer_first_name: string | null;
  employer_last_name: string | null;
  company: string | null;
}

interface MilestoneRow {
  id: string;
  match_id: string;
  title: string;
  description: string;
  due_date: string | null;
  position: number;
  status: MilestoneStatus;
  approved_at: Date | null;
  overdue: boolean;
}

interface SubmissionRow {
  id: string;
  milestone_id: string;
  note: string;
  links: string[];
  upload_id: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: string | null;
  sha256: string | null;
  decision: SubmissionDecision | null;
  feedback: string | null;
  decided_at: Date | null;
  submitted_at: Date;
}

/** A stored attachment upload of the student's. */
export type WorkspaceUploadRow = AttachmentUploadRow;

/**
 * The student's attachment uploads (portfolio's AttachmentStored, fed by `attachmentUploadsConsumer`), so
 * that a submission can name one: platform's attachment uploads read model, as messaging keeps them for
 * messages (services/messaging/README.md "Attachments: design (a)").
 */
const uploads = attachmentUploads('workspace_uploads');

/** A submission as a decision reads it (locked), with whether it is its milestone's latest. */
export interface SubmissionToDecide {
  id: string;
  milestone_id: string;
  milestone_status: MilestoneStatus;
  decision: SubmissionDecision | null;
  latest: boolean;
}

const MILESTONE_COLUMNS = `ms.id, ms.match_id, ms.title, ms.description, to_char(ms.due_date, 'YYYY-MM-DD') AS due_date,
  ms.position, ms.status, ms.approved_at,
  (ms.status <> 'approved' AND ms.due_date IS NOT NULL AND ms.due_date < ${TODAY_SQL}) AS overdue`;

function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    note: row.note,
    links: row.links,
    attachment:
      row.upload_id === null
        ? null
        : {
            id: row.upload_id,
            fileName: row.file_name!,
            fileType: row.file_type!,
            fileSize: Number(row.file_size),
            sha256: row.sha256!,
          },
    decision: row.decision,
    feedback: row.feedback,
    decidedAt: row.decided_at?.toISOString() ?? null,
    submittedAt: row.submitted_at.toISOString(),
  };
}

function toMilestone(row: MilestoneRow, submissions: Submission[]): Milestone {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.due_date,
    position: row.position,
    status: row.status,
    overdue: row.overdue,
    submissions,
    approvedAt: row.approved_at?.toISOString() ?? null,
  };
}

/** Every statement on the workspace's tables (milestones, submissions, workspace_uploads); sessions: SessionsRepository. */
@Injectable()
export class WorkspaceRepository {
  /** The match a workspace belongs to (no lock: reads). */
  async match(runner: Runner, matchId: string): Promise<WorkspaceMatchRow | undefined> {
    const [row] = await queryRows<WorkspaceMatchRow>(
      runner,
      'SELECT id, project_id, student_id, employer_id, status, accepted_at FROM matches WHERE id = $1',
      [matchId],
    );
    return row;
  }

  /** The project and both people, as the workspace page shows them. */
  async header(runner: Runner, matchId: string): Promise<WorkspaceHeaderRow | undefined> {
    const [row] = await queryRows<WorkspaceHeaderRow>(
      runner,
      `SELECT m.project_id, pr.title, pr.exchange_type, pr.exchange_description,
         m.student_id, s.first_name AS student_first_name, s.last_name AS student_last_name,
         m.employer_id, e.first_name AS employer_first_name, e.last_name AS employer_last_name, e.company
       FROM matches m
       JOIN projects pr ON pr.id = m.project_id
       LEFT JOIN people s ON s.id = m.student_id
       LEFT JOIN people e ON e.id = m.employer_id
       WHERE m.id = $1`,
      [matchId],
    );
    return row;
  }

  /** The project's milestone template, as its latest snapshot carried it. */
  async template(runner: Runner, projectId: string): Promise<Partial<MilestoneTemplate>[]> {
    const [row] = await queryRows<{ milestones: Partial<MilestoneTemplate>[] | null }>(
      runner,
      'SELECT milestones FROM projects WHERE id = $1',
      [projectId],
    );
    return Array.isArray(row?.milestones) ? row.milestones : [];
  }

  /** A match's plan in order, each milestone with its submissions newest first. */
  async milestones(runner: Runner, matchId: string): Promise<Milestone[]> {
    const rows = await queryRows<MilestoneRow>(
      runner,
      `SELECT ${MILESTONE_COLUMNS} FROM milestones ms WHERE ms.match_id = $1 ORDER BY ms.position, ms.created_at, ms.id`,
      [matchId],
    );
    const submissions = await queryRows<SubmissionRow>(
      runner,
      `SELECT s.id, s.milestone_id, s.note, s.links, s.upload_id, u.file_name, u.file_type, u.file_size, u.sha256,
         s.decision, s.feedback, s.decided_at, s.submitted_at
       FROM submissions s LEFT JOIN workspace_uploads u ON u.upload_id = s.upload_id
       WHERE s.match_id = $1 ORDER BY s.submitted_at DESC, s.id DESC`,
      [matchId],
    );
    const byMilestone = new Map<string, Submission[]>();
    for (const row of submissions) {
      const list = byMilestone.get(row.milestone_id) ?? [];
      list.push(toSubmission(row));
      byMilestone.set(row.milestone_id, list);
    }
    return rows.map((row) => toMilestone(row, byMilestone.get(row.id) ?? []));
  }

  /** One milestone of the match, with its submissions. */
  async milestone(runner: Runner, matchId: string, milestoneId: string): Promise<Milestone | undefined> {
    return (await this.milestones(runner, matchId)).find((milestone) => milestone.id === milestoneId);
  }

  async countMilestones(runner: Runner, matchId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      runner,
      'SELECT count(*)::int AS count FROM milestones WHERE match_id = $1',
      [matchId],
    );
    return row!.count;
  }

  /** How many of the match's milestones are not approved (the completion rule). */
  async countOpen(runner: Runner, matchId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      runner,
      "SELECT count(*)::int AS count FROM milestones WHERE match_id = $1 AND status <> 'approved'",
      [matchId],
    );
    return row!.count;
  }

  /** A milestone's state, for a change under the match's lock. */
  async milestoneState(
    manager: EntityManager,
    matchId: string,
    milestoneId: string,
  ): Promise<{ id: string; position: number; status: MilestoneStatus; title: string } | undefined> {
    const [row] = await queryRows<{ id: string; position: number; status: MilestoneStatus; title: string }>(
      manager,
      'SELECT id, position, status, title FROM milestones WHERE id = $1 AND match_id = $2',
      [milestoneId, matchId],
    );
    return row;
  }

  /** Makes room at `position` (every milestone there and after moves one down) and inserts the new one. */
  async insertMilestone(
    manager: EntityManager,
    matchId: string,
    milestone: { title: string; description: string; dueDate: string | null; position: number; fromTemplate: boolean },
  ): Promise<{ id: string; created_at: Date }> {
    await queryRows(manager, 'UPDATE milestones SET position = position + 1 WHERE match_id = $1 AND position >= $2', [
      matchId,
      milestone.position,
    ]);
    const [row] = await queryRows<{ id: string; created_at: Date }>(
      manager,
      `INSERT INTO milestones (match_id, title, description, due_date, position, from_template)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
      [matchId, milestone.title, milestone.description, milestone.dueDate, milestone.position, milestone.fromTemplate],
    );
    return row!;
  }

  /**
   * Changes the given fields; a new `position` moves the milestones between the old and the new one by
   * one, so positions stay 0..n-1. Every change raises `revision` (the calendar's SEQUENCE).
   */
  async updateMilestone(
    manager: EntityManager,
    matchId: string,
    milestoneId: string,
    from: number,
    change: { title?: string; description?: string; dueDate?: string | null; position?: number },
  ): Promise<void> {
    if (change.position !== undefined && change.position !== from) {
      const to = change.position;
      await queryRows(
        manager,
        `UPDATE milestones SET position = position + CASE WHEN $3::int < $4::int THEN -1 ELSE 1 END
         WHERE match_id = $1 AND id <> $2
           AND position BETWEEN least($3::int, $4::int) AND greatest($3::int, $4::int)`,
        [matchId, milestoneId, from, to],
      );
    }
    await queryRows(
      manager,
      `UPDATE milestones SET
         title = coalesce($2, title),
         description = coalesce($3, description),
         due_date = CASE WHEN $4::boolean THEN $5::date ELSE due_date END,
         position = coalesce($6, position),
         revision = revision + 1, updated_at = now()
       WHERE id = $1`,
      [
        milestoneId,
        change.title ?? null,
        change.description ?? null,
        change.dueDate !== undefined,
        change.dueDate ?? null,
        change.position ?? null,
      ],
    );
  }

  /** Removes a milestone (its submissions with it) and closes the gap in the positions. */
  async deleteMilestone(manager: EntityManager, matchId: string, milestoneId: string, position: number): Promise<void> {
    await queryRows(manager, 'DELETE FROM milestones WHERE id = $1', [milestoneId]);
    await queryRows(manager, 'UPDATE milestones SET position = position - 1 WHERE match_id = $1 AND position > $2', [
      matchId,
      position,
    ]);
  }

  /** portfolio.attachment.stored: the upload's record, once (it never changes). */
  async applyUpload(manager: EntityManager, upload: StoredAttachment): Promise<void> {
    await uploads.insert(manager, upload);
  }

  /** The owner's upload, if known here: `expiring` when portfolio would sweep it within `marginMs`. */
  ownUpload(runner: Runner, uploadId: string, ownerId: string, marginMs: number) {
    return uploads.own(runner, { uploadId, ownerId, marginMs });
  }

  /**
   * Stores a submission (an upload is submitted once: `submissions_upload_key`) and moves its milestone
   * to `submitted`. Returns it with its attempt number.
   */
  async insertSubmission(
    manager: EntityManager,
    matchId: string,
    milestoneId: string,
    submission: { note: string; links: string[]; uploadId: string | null },
  ): Promise<{ id: string; submitted_at: Date; attempt: number }> {
    const [row] = await queryRows<{ id: string; submitted_at: Date }>(
      manager,
      `INSERT INTO submissions (milestone_id, match_id, note, links, upload_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING id, submitted_at`,
      [milestoneId, matchId, submission.note, submission.links, submission.uploadId],
    );
    await queryRows(
      manager,
      `UPDATE milestones SET status = 'submitted', revision = revision + 1, updated_at = now() WHERE id = $1`,
      [milestoneId],
    );
    const [count] = await queryRows<{ attempt: number }>(
      manager,
      'SELECT count(*)::int AS attempt FROM submissions WHERE milestone_id = $1',
      [milestoneId],
    );
    return { ...row!, attempt: count!.attempt };
  }

  /** A submission of the match with whether it is the latest of its milestone. */
  async submissionToDecide(
    manager: EntityManager,
    matchId: string,
    submissionId: string,
  ): Promise<SubmissionToDecide | undefined> {
    const [row] = await queryRows<SubmissionToDecide>(
      manager,
      `SELECT s.id, s.milestone_id, ms.status AS milestone_status, s.decision,
         s.id = (SELECT l.id FROM submissions l WHERE l.milestone_id = s.milestone_id
                 ORDER BY l.submitted_at DESC, l.id DESC LIMIT 1) AS latest
       FROM submissions s JOIN milestones ms ON ms.id = s.milestone_id
       WHERE s.id = $1 AND s.match_id = $2`,
      [submissionId, matchId],
    );
    return row;
  }

  /** Records the decision; the milestone becomes approved (with its time) or changes_requested. */
  async decide(
    manager: EntityManager,
    submissionId: string,
    milestoneId: string,
    decision: SubmissionDecision,
    feedback: string | null,
  ): Promise<Date> {
    const [row] = await queryRows<{ decided_at: Date }>(
      manager,
      `UPDATE submissions SET decision = $2, feedback = $3, decided_at = now() WHERE id = $1 RETURNING decided_at`,
      [submissionId, decision, feedback],
    );
    await queryRows(
      manager,
      `UPDATE milestones SET status = $2,
         approved_at = CASE WHEN $2 = 'approved' THEN now() ELSE NULL END,
         revision = revision + 1, updated_at = now()
       WHERE id = $1`,
      [milestoneId, decision],
    );
    return row!.decided_at;
  }

  /** The submission's file record, when it has one and belongs to the match. */
  async submissionFile(runner: Runner, matchId: string, submissionId: string): Promise<WorkspaceUploadRow | undefined> {
    const [row] = await queryRows<WorkspaceUploadRow>(
      runner,
      `SELECT ${uploads.columns('u')}
       FROM submissions s JOIN workspace_uploads u ON u.upload_id = s.upload_id
       WHERE s.id = $1 AND s.match_id = $2`,
      [submissionId, matchId],
    );
    return row;
  }

  /**
   * One page of the caller's accepted and completed matches' workspaces: accepted first, the nearest
   * due date first (none last), then completed ones, the latest completed first; by match id within.
   */
  async list(
    runner: Runner,
    userId: string,
    limit: number,
    after: WorkspaceListPosition | undefined,
  ): Promise<Collection<WorkspaceSummary>> {
    const params: unknown[] = [userId, NO_DUE_MICROS];
    const where = after
      ? `WHERE (w.rank, w.sort_micros, w.id) > ($${params.push(after[0])}::int, $${params.push(after[1])}::bigint, $${params.push(after[2])}::uuid)`
      : '';
    const rows = await queryRows<{
      id: string;
      status: MatchStatus;
      project_id: string;
      title: string | null;
      exchange_type: ExchangeType;
      counterpart_id: string;
      first_name: string | null;
      last_name: string | null;
      next_id: string | null;
      next_title: string | null;
      next_due: string | null;
      total: number;
      approved: number;
      overdue: number;
      rank: number;
      cursor_micros: string;
    }>(
      runner,
      `WITH w AS (
         SELECT m.id, m.status, m.project_id, pr.title, pr.exchange_type,
           CASE WHEN m.student_id = $1 THEN m.employer_id ELSE m.student_id END AS counterpart_id,
           c.first_name, c.last_name,
           nd.id AS next_id, nd.title AS next_title, to_char(nd.due_date, 'YYYY-MM-DD') AS next_due,
           ct.total, ct.approved, ct.overdue,
           CASE WHEN m.status = 'accepted' THEN 0 ELSE 1 END AS rank,
           CASE WHEN m.status = 'accepted'
             THEN coalesce((extract(epoch FROM nd.due_date::timestamp) * 1000000)::bigint, $2::bigint)
             ELSE $2::bigint - (extract(epoch FROM coalesce(m.completed_at, m.updated_at)) * 1000000)::bigint
           END AS sort_micros
         FROM matches m
         JOIN projects pr ON pr.id = m.project_id
         LEFT JOIN people c ON c.id = CASE WHEN m.student_id = $1 THEN m.employer_id ELSE m.student_id END
         LEFT JOIN LATERAL (
           SELECT ms.id, ms.title, ms.due_date FROM milestones ms
           WHERE ms.match_id = m.id AND ms.status <> 'approved' AND ms.due_date IS NOT NULL
           ORDER BY ms.due_date, ms.position LIMIT 1
         ) nd ON true
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS total,
             count(*) FILTER (WHERE ms.status = 'approved')::int AS approved,
             count(*) FILTER (WHERE ms.status <> 'approved' AND ms.due_date < ${TODAY_SQL})::int AS overdue
           FROM milestones ms WHERE ms.match_id = m.id
         ) ct
         WHERE (m.student_id = $1 OR m.employer_id = $1) AND m.status IN ('accepted', 'completed')
       )
       SELECT w.*, w.sort_micros::text AS cursor_micros FROM w ${where}
       ORDER BY w.rank, w.sort_micros, w.id LIMIT $${params.push(limit + 1)}`,
      params,
    );
    return toPage(
      rows,
      limit,
      (row) => ({
        matchId: row.id,
        project: { id: row.project_id, title: row.title ?? '', exchangeType: row.exchange_type },
        counterpart: { id: row.counterpart_id, firstName: row.first_name ?? '', lastName: row.last_name ?? '' },
        status: row.status,
        progress: progressOf(row.approved, row.total),
        nextDue:
          row.next_id === null ? null : { milestoneId: row.next_id, title: row.next_title!, dueDate: row.next_due! },
        overdue: row.overdue,
      }),
      (row) => [row.rank, row.cursor_micros, row.id],
    );
  }
}
