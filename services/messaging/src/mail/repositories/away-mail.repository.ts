import { Injectable } from '@nestjs/common';
import { queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

/** A conversation as its away mail needs it: whether it is still unread, who wrote last, and where to send. */
export interface MessageMailRow {
  match_id: string;
  recipient_id: string;
  email: string | null;
  unread: boolean;
  sender_first_name: string | null;
  sender_last_name: string | null;
  project_title: string | null;
  /** The newest message to the recipient in the conversation (the one the mail quotes). */
  content: string;
  file_name: string | null;
  /** The recipient's unread messages in the conversation. */
  unread_count: number;
}

export interface NotificationMailRow {
  user_id: string;
  email: string | null;
  type: string;
  title: string;
  body: string | null;
  link: string | null;
  unread: boolean;
}

/** The reads of an away mail, and the throttle it claims (ADR 0009). */
@Injectable()
export class AwayMailRepository {
  /**
   * A conversation as seen by one member: unread while a message to them lies past their pointer; the
   * mail names the newest message's sender and quotes it.
   */
  async conversation(runner: Runner, matchId: string, recipientId: string): Promise<MessageMailRow | null> {
    const rows = await queryRows<MessageMailRow>(
      runner,
      `SELECT c.match_id, cm.user_id AS recipient_id, r.email, newest.seq > cm.up_to_seq AS unread,
              s.first_name AS sender_first_name, s.last_name AS sender_last_name, pr.title AS project_title,
              newest.content, a.file_name,
              (SELECT count(*)::int FROM messages u
                WHERE u.match_id = c.match_id AND u.recipient_id = cm.user_id AND u.seq > cm.up_to_seq) AS unread_count
         FROM conversations c
         JOIN conversation_members cm ON cm.match_id = c.match_id AND cm.user_id = $2
         CROSS JOIN LATERAL (SELECT n.seq, n.sender_id, n.content, n.attachment_id FROM messages n
                              WHERE n.match_id = c.match_id AND n.recipient_id = cm.user_id
                              ORDER BY n.seq DESC LIMIT 1) newest
         LEFT JOIN people r ON r.id = cm.user_id
         LEFT JOIN people s ON s.id = newest.sender_id
         LEFT JOIN projects pr ON pr.id = c.project_id
         LEFT JOIN attachment_uploads a ON a.upload_id = newest.attachment_id
        WHERE c.match_id = $1`,
      [matchId, recipientId],
    );
    return rows[0] ?? null;
  }

  /** Where a message went: for away-mail jobs queued, before conversations keyed them, per message. */
  async messageConversation(
    runner: Runner,
    messageId: string,
  ): Promise<{ match_id: string; recipient_id: string } | null> {
    const rows = await queryRows<{ match_id: string; recipient_id: string }>(
      runner,
      'SELECT match_id, recipient_id FROM messages WHERE id = $1',
      [messageId],
    );
    return rows[0] ?? null;
  }

  async notification(runner: Runner, notificationId: string): Promise<NotificationMailRow | null> {
    const rows = await queryRows<NotificationMailRow>(
      runner,
      `SELECT n.user_id, p.email, n.type, n.title, n.body, n.link, n.read_at IS NULL AS unread
         FROM notifications n LEFT JOIN people p ON p.id = n.user_id
        WHERE n.id = $1`,
      [notificationId],
    );
    return rows[0] ?? null;
  }

  /**
   * Claims the right to mail `userId` about `topic` now: true unless they were mailed about it within
   * `windowMs`. One statement (the row's lock decides between two jobs at once); the caller's
   * transaction rolls the claim back when the mail cannot be sent.
   */
  async claim(manager: EntityManager, userId: string, topic: string, windowMs: number): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `INSERT INTO mail_throttle AS t (user_id, topic, mailed_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id, topic) DO UPDATE SET mailed_at = now()
         WHERE t.mailed_at <= now() - $3 * interval '1 millisecond'
       RETURNING t.mailed_at`,
      [userId, topic, windowMs],
    );
    return rows.length > 0;
  }
}
