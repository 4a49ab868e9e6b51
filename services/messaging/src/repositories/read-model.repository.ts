import { Injectable } from '@nestjs/common';
import {
  type EventPayload,
  type MatchCreatedV1,
  type MatchStatus,
  type ProjectSnapshot,
  type ScamFlag,
  scamFlags,
  type UserSnapshot,
} from '@projectory/contracts';
import { queryRows, upsertPerson } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

/**
 * Writes of the read models fed by other services' events. Each is idempotent and keeps the newest
 * state: delivery is at-least-once and topics are not ordered across one another.
 */
@Injectable()
export class ReadModelRepository {
  /**
   * UserRegistered / UserUpdated: the names, the e-mail address (away mails), the role and an employer's
   * verification (the "Verified employer" mark, a report's people), unless a newer snapshot is stored.
   */
  async applyPerson(manager: EntityManager, user: UserSnapshot, occurredAt: string): Promise<boolean> {
    return upsertPerson(manager, user, occurredAt, {
      columns: {
        profile_image_url: user.profileImageUrl,
        email: user.email,
        role: user.role,
        verification: user.verification ?? 'none',
      },
    });
  }

  /**
   * ProjectCreated / ProjectUpdated: the title, and what a report of it shows (employer, description)
   * with the auto-flag rules it matches, unless a newer snapshot is stored. The flags it newly matches
   * (none while an older snapshot is stored): the caller files them into the admins' queue.
   */
  async applyProject(manager: EntityManager, project: ProjectSnapshot, occurredAt: string): Promise<ScamFlag[]> {
    const flags = scamFlags(project.title, project.description, project.exchangeDescription);
    const [row] = await queryRows<{ new_flags: ScamFlag[] }>(
      manager,
      `WITH old AS (SELECT flags FROM projects WHERE id = $1 FOR UPDATE)
       INSERT INTO projects AS p (id, title, employer_id, description, flags, snapshot_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, employer_id = EXCLUDED.employer_id,
         description = EXCLUDED.description, flags = EXCLUDED.flags, snapshot_at = EXCLUDED.snapshot_at
         WHERE p.snapshot_at <= EXCLUDED.snapshot_at
       RETURNING ARRAY(SELECT unnest(p.flags) EXCEPT SELECT unnest(coalesce((SELECT flags FROM old), '{}'))) AS new_flags`,
      [project.projectId, project.title, project.employerId, project.description, flags, occurredAt],
    );
    return row?.new_flags ?? [];
  }

  /**
   * MatchCreated / MatchStatusChanged: the conversation of the match with its newest status, and its
   * two members' read pointers. The score comes with the creation, whichever event arrives first.
   */
  async applyMatch(
    manager: EntityManager,
    match: Pick<EventPayload<typeof MatchCreatedV1>, 'matchId' | 'projectId' | 'studentId' | 'employerId'> & {
      status: MatchStatus;
      matchScore: number | null;
    },
    at: string,
  ): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO conversations (match_id, project_id, student_id, employer_id, status, status_at, match_score, activity_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $6)
       ON CONFLICT (match_id) DO UPDATE
         SET status = CASE WHEN conversations.status_at <= EXCLUDED.status_at THEN EXCLUDED.status ELSE conversations.status END,
             status_at = greatest(conversations.status_at, EXCLUDED.status_at),
             match_score = coalesce(EXCLUDED.match_score, conversations.match_score)`,
      [match.matchId, match.projectId, match.studentId, match.employerId, match.status, at, match.matchScore],
    );
    await queryRows(
      manager,
      `INSERT INTO conversation_members (match_id, user_id) VALUES ($1, $2), ($1, $3) ON CONFLICT DO NOTHING`,
      [match.matchId, match.studentId, match.employerId],
    );
  }
}
