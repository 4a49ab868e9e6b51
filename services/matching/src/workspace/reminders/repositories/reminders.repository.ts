import { Injectable } from '@nestjs/common';
import { queryRows, type Runner } from '@projectory/platform';

/** The match around a reminder's item: who is told, and whether the workspace is still active. */
interface ReminderMatch {
  match_id: string;
  match_status: string;
  student_id: string;
  employer_id: string;
  project_title: string | null;
}

export interface MilestoneReminderRow extends ReminderMatch {
  id: string;
  title: string;
  status: string;
  /** `YYYY-MM-DD` or null. */
  due_date: string | null;
}

export interface SessionReminderRow extends ReminderMatch {
  id: string;
  title: string;
  starts_at: Date;
  cancelled_at: Date | null;
}

const MATCH_COLUMNS = `m.id AS match_id, m.status AS match_status, m.student_id, m.employer_id, p.title AS project_title`;

/** What a reminder job reads again when it runs (ADR 0019): the item as it is now, with its match. */
@Injectable()
export class RemindersRepository {
  async milestone(runner: Runner, milestoneId: string, matchId: string): Promise<MilestoneReminderRow | undefined> {
    const [row] = await queryRows<MilestoneReminderRow>(
      runner,
      `SELECT ms.id, ms.title, ms.status, to_char(ms.due_date, 'YYYY-MM-DD') AS due_date, ${MATCH_COLUMNS}
       FROM milestones ms JOIN matches m ON m.id = ms.match_id LEFT JOIN projects p ON p.id = m.project_id
       WHERE ms.id = $1 AND ms.match_id = $2`,
      [milestoneId, matchId],
    );
    return row;
  }

  async session(runner: Runner, sessionId: string, matchId: string): Promise<SessionReminderRow | undefined> {
    const [row] = await queryRows<SessionReminderRow>(
      runner,
      `SELECT s.id, s.title, s.starts_at, s.cancelled_at, ${MATCH_COLUMNS}
       FROM workspace_sessions s JOIN matches m ON m.id = s.match_id LEFT JOIN projects p ON p.id = m.project_id
       WHERE s.id = $1 AND s.match_id = $2`,
      [sessionId, matchId],
    );
    return row;
  }
}
