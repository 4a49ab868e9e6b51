import { Injectable } from '@nestjs/common';
import type { WorkspaceSession } from '@projectory/contracts';
import { queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

export interface SessionRow {
  id: string;
  match_id: string;
  title: string;
  starts_at: Date;
  duration_minutes: number;
  agenda: string;
  created_by: string;
  cancelled_at: Date | null;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

/** What a session's API shape reads of its row. */
type SessionItemRow = Pick<SessionRow, 'id' | 'title' | 'starts_at' | 'duration_minutes' | 'agenda' | 'created_by'>;

export const toSession = (row: SessionItemRow): WorkspaceSession => ({
  id: row.id,
  title: row.title,
  startsAt: row.starts_at.toISOString(),
  durationMinutes: row.duration_minutes,
  agenda: row.agenda,
  createdBy: row.created_by,
});

/** Every statement about a workspace's sessions (`workspace_sessions`). */
@Injectable()
export class SessionsRepository {
  /** The match's sessions that were not cancelled, soonest first (the workspace page's). */
  async active(runner: Runner, matchId: string): Promise<WorkspaceSession[]> {
    const rows = await queryRows<SessionItemRow>(
      runner,
      `SELECT id, title, starts_at, duration_minutes, agenda, created_by FROM workspace_sessions
       WHERE match_id = $1 AND cancelled_at IS NULL ORDER BY starts_at, id`,
      [matchId],
    );
    return rows.map(toSession);
  }

  /**
   * Whether a session of the match that is not cancelled overlaps [startsAt, endsAt) (one ending as
   * the other starts does not). Read under the match's lock, so two overlapping sessions cannot both pass.
   */
  async overlaps(manager: EntityManager, matchId: string, startsAt: Date, endsAt: Date): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `SELECT id FROM workspace_sessions
       WHERE match_id = $1 AND cancelled_at IS NULL
         AND starts_at < $3 AND starts_at + duration_minutes * interval '1 minute' > $2
       LIMIT 1`,
      [matchId, startsAt, endsAt],
    );
    return rows.length > 0;
  }

  async insert(
    manager: EntityManager,
    session: {
      matchId: string;
      title: string;
      startsAt: Date;
      durationMinutes: number;
      agenda: string;
      createdBy: string;
    },
  ): Promise<SessionRow> {
    const [row] = await queryRows<SessionRow>(
      manager,
      `INSERT INTO workspace_sessions (match_id, title, starts_at, duration_minutes, agenda, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [session.matchId, session.title, session.startsAt, session.durationMinutes, session.agenda, session.createdBy],
    );
    return row!;
  }

  /** Cancels a session of the match that is not cancelled yet (its revision raised); undefined otherwise. */
  async cancel(manager: EntityManager, matchId: string, sessionId: string): Promise<SessionRow | undefined> {
    const [row] = await queryRows<SessionRow>(
      manager,
      `UPDATE workspace_sessions SET cancelled_at = now(), revision = revision + 1, updated_at = now()
       WHERE id = $1 AND match_id = $2 AND cancelled_at IS NULL RETURNING *`,
      [sessionId, matchId],
    );
    return row;
  }
}
