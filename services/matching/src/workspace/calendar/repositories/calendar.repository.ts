import { Injectable } from '@nestjs/common';
import { queryRows, type Runner } from '@projectory/platform';
import type { CalendarMilestone, CalendarSession } from '../domain/ics.js';

/** What a workspace's calendar feed reads: its milestones with a due date and all its sessions. */
@Injectable()
export class CalendarRepository {
  /** The milestones with a due date, soonest first (then in the plan's order). */
  async milestones(runner: Runner, matchId: string): Promise<CalendarMilestone[]> {
    const rows = await queryRows<{
      id: string;
      title: string;
      description: string;
      due_date: string;
      revision: number;
      updated_at: Date;
    }>(
      runner,
      `SELECT id, title, description, to_char(due_date, 'YYYY-MM-DD') AS due_date, revision, updated_at
       FROM milestones WHERE match_id = $1 AND due_date IS NOT NULL ORDER BY due_date, position, id`,
      [matchId],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      dueDate: row.due_date,
      revision: row.revision,
      updatedAt: row.updated_at,
    }));
  }

  /** Every session, cancelled ones too (the feed marks them so subscribed calendars drop them), by start. */
  async sessions(runner: Runner, matchId: string): Promise<CalendarSession[]> {
    const rows = await queryRows<{
      id: string;
      title: string;
      agenda: string;
      starts_at: Date;
      duration_minutes: number;
      revision: number;
      updated_at: Date;
      cancelled: boolean;
    }>(
      runner,
      `SELECT id, title, agenda, starts_at, duration_minutes, revision, updated_at, cancelled_at IS NOT NULL AS cancelled
       FROM workspace_sessions WHERE match_id = $1 ORDER BY starts_at, id`,
      [matchId],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      agenda: row.agenda,
      startsAt: row.starts_at,
      durationMinutes: row.duration_minutes,
      revision: row.revision,
      updatedAt: row.updated_at,
      cancelled: row.cancelled,
    }));
  }
}
