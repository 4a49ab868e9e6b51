import { Injectable } from '@nestjs/common';
import type { EventPayload, MatchCreatedV1, MatchStatus, ProjectSnapshot, UserSnapshot } from '@projectory/contracts';
import { queryRows, upsertPerson } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

/**
 * Writes of the read models fed by other services' events. Each is idempotent and keeps the newest
 * state: delivery is at-least-once and topics are not ordered across one another.
 */
@Injectable()
export class ReadModelRepository {
  /** UserRegistered / UserUpdated: the names and the e-mail address (away mails), unless a newer snapshot is stored. */
  async applyPerson(manager: EntityManager, user: UserSnapshot, occurredAt: string): Promise<boolean> {
    return upsertPerson(manager, user, occurredAt, {
      columns: { profile_image_url: user.profileImageUrl, email: user.email },
    });
  }

  /** ProjectCreated / ProjectUpdated: the title, unless a newer snapshot is stored. */
  async applyProject(manager: EntityManager, project: ProjectSnapshot, occurredAt: string): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO projects (id, title, snapshot_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, snapshot_at = EXCLUDED.snapshot_at
         WHERE projects.snapshot_at <= EXCLUDED.snapshot_at`,
      [project.projectId, project.title, occurredAt],
    );
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
