import { Injectable } from '@nestjs/common';
import { type Conversation, type MatchStatus, type Message, openConversationStatuses } from '@projectory/contracts';
import { microsSql, type NewestFirstPosition, olderThanSql, queryRows } from '@projectory/platform';
import type { DataSource, EntityManager } from 'typeorm';

type Runner = DataSource | EntityManager;

export interface ConversationRow {
  match_id: string;
  student_id: string;
  employer_id: string;
  status: MatchStatus;
  last_seq: number;
  /** When the employer first wrote in it; null before. */
  employer_replied_at: Date | null;
}

export interface MessageRow {
  id: string;
  match_id: string;
  seq: number;
  sender_id: string;
  recipient_id: string;
  content: string;
  client_message_id: string | null;
  sent_at: Date;
  attachment: Message['attachment'];
  /** What a video call left (calls/); absent on a plain send's row. */
  call?: Message['call'];
  /** When the recipient's pointer covering this message last moved; null while unread. */
  read_at: Date | null;
}

export interface ConversationListRow {
  match_id: string;
  project_id: string;
  project_title: string | null;
  counterpart_id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  match_score: number | null;
  status: MatchStatus;
  unread_count: number;
  last_message: MessageRow | null;
  position: string;
}

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  matchId: row.match_id,
  seq: row.seq,
  senderId: row.sender_id,
  recipientId: row.recipient_id,
  content: row.content,
  clientMessageId: row.client_message_id,
  attachment: row.attachment,
  call: row.call ?? null,
  sentAt: new Date(row.sent_at).toISOString(),
  readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
});

export const toConversation = (row: ConversationListRow): Conversation => ({
  matchId: row.match_id,
  counterpart: {
    id: row.counterpart_id,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    profileImageUrl: row.profile_image_url,
  },
  project: { id: row.project_id, title: row.project_title ?? '' },
  matchScore: row.match_score,
  status: row.status,
  lastMessage: row.last_message ? toMessage(row.last_message) : null,
  unreadCount: row.unread_count,
});

/** A message's attachment as API.md's `Message.attachment`, from the server's record of the upload. */
const ATTACHMENT_SQL = (message: string) =>
  `(SELECT json_build_object('id', a.upload_id, 'fileName', a.file_name, 'fileType', a.file_type, 'fileSize', a.file_size)
      FROM attachment_uploads a WHERE a.upload_id = ${message}.attachment_id)`;

/** A message's video call as API.md's `Message.call` (null for other messages). */
export const CALL_SQL = (message: string) =>
  `CASE WHEN ${message}.call_id IS NULL THEN NULL ELSE json_build_object('callId', ${message}.call_id,
     'outcome', ${message}.call_outcome, 'durationSeconds', ${message}.call_duration_seconds) END`;

/** A message with its attachment and read time: the recipient's pointer's, once it covers the message. */
const MESSAGE_COLUMNS = `m.id, m.match_id, m.seq, m.sender_id, m.recipient_id, m.content, m.client_message_id, m.sent_at,
  ${ATTACHMENT_SQL('m')} AS attachment, ${CALL_SQL('m')} AS call,
  (SELECT r.read_at FROM conversation_members r
    WHERE r.match_id = m.match_id AND r.user_id = m.recipient_id AND r.up_to_seq >= m.seq) AS read_at`;

/** Messages of the others after the member's pointer: the unread count of one conversation. */
const unreadSql = (member: string) =>
  `(SELECT count(*)::int FROM messages u
     WHERE u.match_id = ${member}.match_id AND u.seq > ${member}.up_to_seq AND u.sender_id <> ${member}.user_id)`;

/** Every SQL statement of conversations, messages and read pointers (ADR 0009). */
@Injectable()
export class MessageRepository {
  /** The conversation if `userId` takes part in it; `lock` holds its row (the seq counter) to the end of the transaction. */
  async conversationOf(runner: Runner, matchId: string, userId: string, lock = false): Promise<ConversationRow | null> {
    const rows = await queryRows<ConversationRow>(
      runner,
      `SELECT match_id, student_id, employer_id, status, last_seq, employer_replied_at FROM conversations
        WHERE match_id = $1 AND (student_id = $2 OR employer_id = $2)${lock ? ' FOR UPDATE' : ''}`,
      [matchId, userId],
    );
    return rows[0] ?? null;
  }

  /**
   * The sender's conversation, locked for the next seq, with the sender's first name from identity's
   * events ('' before they arrived) for the recipient's notification: one round trip.
   */
  async lockForSend(
    manager: EntityManager,
    matchId: string,
    senderId: string,
  ): Promise<(ConversationRow & { sender_first_name: string }) | null> {
    const rows = await queryRows<ConversationRow & { sender_first_name: string }>(
      manager,
      `SELECT c.match_id, c.student_id, c.employer_id, c.status, c.last_seq, c.employer_replied_at,
              coalesce(trim(p.first_name), '') AS sender_first_name
         FROM conversations c LEFT JOIN people p ON p.id = $2
        WHERE c.match_id = $1 AND (c.student_id = $2 OR c.employer_id = $2)
          FOR UPDATE OF c`,
      [matchId, senderId],
    );
    return rows[0] ?? null;
  }

  /** The next message of a locked conversation: seq = last + 1, and the conversation's activity moves. */
  async insert(
    manager: EntityManager,
    message: {
      matchId: string;
      seq: number;
      senderId: string;
      recipientId: string;
      content: string;
      clientMessageId: string | null;
      attachmentId: string | null;
    },
  ): Promise<MessageRow> {
    // One round trip: the conversation's seq and activity move in the same statement.
    const [row] = await queryRows<MessageRow>(
      manager,
      `WITH m AS (
         INSERT INTO messages AS m (match_id, seq, sender_id, recipient_id, content, client_message_id, attachment_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING m.id, m.match_id, m.seq, m.sender_id, m.recipient_id, m.content, m.client_message_id, m.sent_at,
                   ${ATTACHMENT_SQL('m')} AS attachment, NULL::timestamptz AS read_at
       ), moved AS (
         UPDATE conversations SET last_seq = m.seq, activity_at = m.sent_at FROM m WHERE conversations.match_id = m.match_id
       )
       SELECT * FROM m`,
      [
        message.matchId,
        message.seq,
        message.senderId,
        message.recipientId,
        message.content,
        message.clientMessageId,
        message.attachmentId,
      ],
    );
    return row!;
  }

  /**
   * Notes the employer's first message in a locked conversation; false when they had written before, so
   * the first-reply event goes out once per conversation.
   */
  async markEmployerReplied(manager: EntityManager, matchId: string, at: Date): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `UPDATE conversations SET employer_replied_at = $2
       WHERE match_id = $1 AND employer_replied_at IS NULL RETURNING match_id`,
      [matchId, at],
    );
    return rows.length > 0;
  }

  async byClientId(
    runner: Runner,
    matchId: string,
    senderId: string,
    clientMessageId: string,
  ): Promise<MessageRow | null> {
    const rows = await queryRows<MessageRow>(
      runner,
      `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.match_id = $1 AND m.sender_id = $2 AND m.client_message_id = $3`,
      [matchId, senderId, clientMessageId],
    );
    return rows[0] ?? null;
  }

  /** Newest first, `limit + 1` rows before `beforeSeq` and after `afterSeq`. */
  list(runner: Runner, matchId: string, limit: number, beforeSeq?: number, afterSeq?: number): Promise<MessageRow[]> {
    return queryRows<MessageRow>(
      runner,
      `SELECT ${MESSAGE_COLUMNS} FROM messages m
        WHERE m.match_id = $1 AND ($2::int IS NULL OR m.seq < $2) AND ($3::int IS NULL OR m.seq > $3)
        ORDER BY m.seq DESC LIMIT $4`,
      [matchId, beforeSeq ?? null, afterSeq ?? null, limit + 1],
    );
  }

  /** Moves the member's pointer forward (never back, never past the last message); null when it did not move. */
  async markRead(
    manager: EntityManager,
    matchId: string,
    userId: string,
    upToSeq: number,
  ): Promise<{ up_to_seq: number; read_at: Date } | null> {
    const rows = await queryRows<{ up_to_seq: number; read_at: Date }>(
      manager,
      `UPDATE conversation_members cm SET up_to_seq = least($3::int, c.last_seq), read_at = now()
         FROM conversations c
        WHERE cm.match_id = $1 AND cm.user_id = $2 AND c.match_id = cm.match_id AND least($3::int, c.last_seq) > cm.up_to_seq
        RETURNING cm.up_to_seq, cm.read_at`,
      [matchId, userId, upToSeq],
    );
    return rows[0] ?? null;
  }

  /** Unread messages over all the user's conversations, in one query. */
  async unreadTotal(runner: Runner, userId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      runner,
      `SELECT coalesce(sum(${unreadSql('cm')}), 0)::int AS count FROM conversation_members cm WHERE cm.user_id = $1`,
      [userId],
    );
    return row!.count;
  }

  /**
   * The user's conversations, latest activity first: open ones (pending, accepted) or `archived` ones,
   * optionally those whose counterpart's name or project title contains `q`; each with its last message
   * and unread count, in the same query.
   */
  conversations(
    runner: Runner,
    userId: string,
    options: { archived: boolean; q?: string; limit: number; after?: NewestFirstPosition },
  ): Promise<ConversationListRow[]> {
    const params: unknown[] = [userId, [...openConversationStatuses], options.archived];
    const filters = [`(c.status = ANY($2::text[])) <> $3`];
    if (options.q) {
      const pattern = `$${params.push(`%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
      filters.push(`(p.first_name || ' ' || p.last_name ILIKE ${pattern} OR pr.title ILIKE ${pattern})`);
    }
    if (options.after) filters.push(olderThanSql('c.activity_at', 'c.match_id', options.after, params));
    return queryRows<ConversationListRow>(
      runner,
      `SELECT c.match_id, c.project_id, pr.title AS project_title, other.id AS counterpart_id,
              p.first_name, p.last_name, p.profile_image_url, c.match_score, c.status,
              ${unreadSql('cm')} AS unread_count,
              (SELECT row_to_json(last) FROM (SELECT ${MESSAGE_COLUMNS} FROM messages m
                 WHERE m.match_id = c.match_id ORDER BY m.seq DESC LIMIT 1) last) AS last_message,
              ${microsSql('c.activity_at')} AS position
         FROM conversation_members cm
         JOIN conversations c ON c.match_id = cm.match_id
         CROSS JOIN LATERAL (SELECT CASE WHEN c.student_id = $1 THEN c.employer_id ELSE c.student_id END AS id) other
         LEFT JOIN people p ON p.id = other.id
         LEFT JOIN projects pr ON pr.id = c.project_id
        WHERE cm.user_id = $1 AND ${filters.join(' AND ')}
        ORDER BY c.activity_at DESC, c.match_id DESC
        LIMIT $${params.push(options.limit + 1)}`,
      params,
    );
  }
}
