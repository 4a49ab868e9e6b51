import { Injectable } from '@nestjs/common';
import { queryRows, type Runner } from '@projectory/platform';
import type { CalendarMilestone, CalendarSession } from '../domain/ics.js';

/**
 * What a workspace's calendar feed reads: its milestones with a due date and all its sessions, each row
 * already in the feed's shape (the columns named as its fields).
 */
@Injectable()
export class CalendarRepository {
  /** The milestones with a due date, soonest first (then in the plan's order). */
  milestones(runner: Runner, matchId: string): Promise<CalendarMilestone[]> {
    return queryRows<CalendarMilestone>(
      runner,
      `SELECT id, title, description, to_char(due_date, 'YYYY-MM-DD') AS "dueDate", revision, updated_at AS "updatedAt"
       FROM milestones WHERE match_id = $1 AND due_date IS NOT NULL ORDER BY due_date, position, id`,
      [matchId],
    );
  }

  /** Every session, cancelled ones too (the feed marks them so subscribed calendars drop them), by start. */
  sessions(runner: Runner, matchId: string): Promise<CalendarSession[]> {
    return queryRows<CalendarSession>(
      runner,
      `SELECT id, title, agenda, starts_at AS "startsAt", duration_minutes AS "durationMinutes", revision,
         updated_at AS "updatedAt", cancelled_at IS NOT NULL AS cancelled
       FROM workspace_sessions WHERE match_id = $1 ORDER BY starts_at, id`,
      [matchId],
    );
  }
}
