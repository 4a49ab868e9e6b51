import { Injectable } from '@nestjs/common';
import type {
  AdminSafetyReport,
  BlockedUser,
  ReportAction,
  ReportPerson,
  ReportReason,
  ReportSnapshot,
  ReportSource,
  ReportStatus,
  ReportTargetType,
  ScamFlag,
} from '@projectory/contracts';
import { microsSql, type NewestFirstPosition, olderThanSql, queryRows, type Runner } from '@projectory/platform';

/** What a report is about, resolved from messaging's own tables when it is filed. */
export interface ReportTarget {
  reportedUserId: string;
  snapshot: ReportSnapshot;
}

export interface NewReport {
  id: string;
  source: ReportSource;
  reporterId: string | null;
  targetType: ReportTargetType;
  targetId: string;
  reportedUserId: string;
  reason: ReportReason;
  details: string | null;
  flags: readonly ScamFlag[];
  snapshot: ReportSnapshot;
}

export interface ReportRow {
  id: string;
  source: ReportSource;
  target_type: ReportTargetType;
  target_id: string;
  reason: ReportReason;
  details: string | null;
  flags: ScamFlag[];
  status: ReportStatus;
  snapshot: ReportSnapshot;
  reporter: ReportPerson | null;
  reported_user: ReportPerson;
  reporter_other_reports: AdminSafetyReport['reporterOtherReports'];
  action: ReportAction | null;
  note: string | null;
  resolved_by: ReportPerson | null;
  resolved_at: Date | null;
  created_at: Date;
  position: string;
}

export const toAdminReport = (row: ReportRow): AdminSafetyReport => ({
  id: row.id,
  source: row.source,
  targetType: row.target_type,
  targetId: row.target_id,
  reason: row.reason,
  details: row.details,
  flags: row.flags,
  status: row.status,
  reporter: row.reporter,
  reportedUser: row.reported_user,
  snapshot: row.snapshot,
  reporterOtherReports: row.reporter_other_reports,
  resolution:
    row.action && row.resolved_at && row.resolved_by
      ? {
          action: row.action,
          note: row.note ?? '',
          by: row.resolved_by,
          at: new Date(row.resolved_at).toISOString(),
        }
      : null,
  createdAt: new Date(row.created_at).toISOString(),
});

/** A person of a report as the admins see them ('' names until identity's events arrived). */
const personSql = (id: string) =>
  `(SELECT json_build_object('id', ${id}, 'firstName', coalesce(p.first_name, ''), 'lastName', coalesce(p.last_name, ''),
     'role', p.role) FROM (SELECT ${id} AS id) x LEFT JOIN people p ON p.id = x.id)`;

const REPORT_COLUMNS = `r.id, r.source, r.target_type, r.target_id, r.reason, r.details, r.flags, r.status, r.snapshot,
  CASE WHEN r.reporter_id IS NULL THEN NULL ELSE ${personSql('r.reporter_id')} END AS reporter,
  ${personSql('r.reported_user_id')} AS reported_user,
  coalesce((SELECT json_agg(json_build_object('id', o.id, 'targetType', o.target_type, 'reason', o.reason,
      'status', o.status, 'createdAt', o.created_at) ORDER BY o.created_at DESC)
    FROM (SELECT * FROM reports o WHERE o.reporter_id = r.reporter_id AND o.id <> r.id
           ORDER BY o.created_at DESC LIMIT 10) o), '[]') AS reporter_other_reports,
  r.action, r.note, CASE WHEN r.resolved_by IS NULL THEN NULL ELSE ${personSql('r.resolved_by')} END AS resolved_by, r.resolved_at, r.created_at, ${microsSql('r.created_at')} AS position`;

/** Every SQL statement of blocks and reports (ADR 0009). */
@Injectable()
export class SafetyRepository {
  /** Whether either of the two blocked the other. */
  async blockedEitherWay(runner: Runner, a: string, b: string): Promise<boolean> {
    const rows = await queryRows(
      runner,
      `SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)`,
      [a, b],
    );
    return rows.length > 0;
  }

  async block(runner: Runner, blockerId: string, blockedId: string): Promise<void> {
    await queryRows(runner, 'INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      blockerId,
      blockedId,
    ]);
  }

  /** Whether a block was there to remove. */
  async unblock(runner: Runner, blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await queryRows(runner, 'DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2 RETURNING 1', [
      blockerId,
      blockedId,
    ]);
    return rows.length > 0;
  }

  /** The users `blockerId` blocked, most recent first (a person's own list: small). */
  blocked(runner: Runner, blockerId: string): Promise<BlockedUser[]> {
    return queryRows(
      runner,
      `SELECT b.blocked_id AS "userId", coalesce(p.first_name, '') AS "firstName", coalesce(p.last_name, '') AS "lastName",
              to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "blockedAt"
         FROM blocks b LEFT JOIN people p ON p.id = b.blocked_id
        WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, b.blocked_id DESC`,
      [blockerId],
    );
  }

  /** Whether the user is known here (identity's events), and their name. */
  async person(runner: Runner, userId: string): Promise<{ first_name: string; last_name: string } | null> {
    const rows = await queryRows<{ first_name: string; last_name: string }>(
      runner,
      'SELECT first_name, last_name FROM people WHERE id = $1',
      [userId],
    );
    return rows[0] ?? null;
  }

  /** A message the user received, as a report shows it; null for anyone but its recipient. */
  async receivedMessage(runner: Runner, messageId: string, recipientId: string): Promise<ReportTarget | null> {
    const rows = await queryRows<{ sender_id: string; content: string; match_id: string; project_id: string }>(
      runner,
      `SELECT m.sender_id, m.content, m.match_id, c.project_id FROM messages m JOIN conversations c USING (match_id)
        WHERE m.id = $1 AND m.recipient_id = $2 AND m.call_id IS NULL`,
      [messageId, recipientId],
    );
    const row = rows[0];
    return row
      ? {
          reportedUserId: row.sender_id,
          snapshot: { text: row.content, title: null, matchId: row.match_id, projectId: row.project_id },
        }
      : null;
  }

  /** A project as a report shows it (its employer is the reported user); null when unknown here. */
  async project(runner: Runner, projectId: string): Promise<ReportTarget | null> {
    const rows = await queryRows<{ employer_id: string | null; title: string; description: string }>(
      runner,
      'SELECT employer_id, title, description FROM projects WHERE id = $1',
      [projectId],
    );
    const row = rows[0];
    return row?.employer_id
      ? {
          reportedUserId: row.employer_id,
          snapshot: { text: row.description, title: row.title, matchId: null, projectId },
        }
      : null;
  }

  /** The reporter's reports of the last day, counted under a lock on the reporter (the daily limit). */
  async reportsToday(runner: Runner, reporterId: string): Promise<number> {
    await queryRows(runner, `SELECT pg_advisory_xact_lock(hashtextextended('messaging.reports:' || $1, 0))`, [
      reporterId,
    ]);
    const [row] = await queryRows<{ count: number }>(
      runner,
      `SELECT count(*)::int AS count FROM reports WHERE reporter_id = $1 AND created_at > now() - interval '1 day'`,
      [reporterId],
    );
    return row!.count;
  }

  /** Files a report; false for an auto-flag of a target whose auto report is still open. */
  async insert(runner: Runner, report: NewReport): Promise<boolean> {
    const rows = await queryRows(
      runner,
      `INSERT INTO reports (id, source, reporter_id, target_type, target_id, reported_user_id, reason, details, flags, snapshot)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (target_type, target_id) WHERE source = 'auto' AND status = 'open' DO NOTHING
       RETURNING 1`,
      [
        report.id,
        report.source,
        report.reporterId,
        report.targetType,
        report.targetId,
        report.reportedUserId,
        report.reason,
        report.details,
        report.flags,
        report.snapshot,
      ],
    );
    return rows.length > 0;
  }

  /** One report as the admins see it; `lock` holds its row to the end of the transaction. */
  async byId(runner: Runner, id: string, lock = false): Promise<ReportRow | null> {
    if (lock) await queryRows(runner, 'SELECT 1 FROM reports WHERE id = $1 FOR UPDATE', [id]);
    const rows = await queryRows<ReportRow>(runner, `SELECT ${REPORT_COLUMNS} FROM reports r WHERE r.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The reporter of a report (null for an auto-flag), for telling them the outcome. */
  async reporterOf(runner: Runner, id: string): Promise<string | null> {
    const rows = await queryRows<{ reporter_id: string | null }>(
      runner,
      'SELECT reporter_id FROM reports WHERE id = $1',
      [id],
    );
    return rows[0]?.reporter_id ?? null;
  }

  async resolve(runner: Runner, id: string, resolution: { action: ReportAction; note: string; by: string }) {
    await queryRows(
      runner,
      `UPDATE reports SET status = 'resolved', action = $2, note = $3, resolved_by = $4, resolved_at = now() WHERE id = $1`,
      [id, resolution.action, resolution.note, resolution.by],
    );
  }

  /** The queue: reports of one status, newest first, `limit + 1` rows after the cursor's position. */
  queue(
    runner: Runner,
    options: { status: ReportStatus; limit: number; after?: NewestFirstPosition },
  ): Promise<ReportRow[]> {
    const params: unknown[] = [options.status];
    const filters = ['r.status = $1'];
    if (options.after) filters.push(olderThanSql('r.created_at', 'r.id', options.after, params));
    return queryRows<ReportRow>(
      runner,
      `SELECT ${REPORT_COLUMNS} FROM reports r WHERE ${filters.join(' AND ')}
        ORDER BY r.created_at DESC, r.id DESC LIMIT $${params.push(options.limit + 1)}`,
      params,
    );
  }
}
