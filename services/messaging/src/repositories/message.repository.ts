import { Injectable } from '@nestjs/common';
import {
  type Conversation,
  type EventEnvelope,
  type MatchStatus,
  type Message,
  openConversationStatuses,
  type VerificationLevel,
} from '@projectory/contracts';
import {
  microsSql,
  type NewestFirstPosition,
  olderThanSql,
  OUTBOX_INSERT,
  preparedRows,
  queryRows,
  type Runner,
} from '@projectory/platform';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * An outbox row of a send's statement: `fill` names what the statement writes into it once the
 * message is stored (the pushed message's seq, sentAt and attachment; the first reply's or the
 * attachment's time), and whether it goes out at all (a first reply, a new notification).
 */
export interface OutboxRecord {
  topic: string;
  envelope: EventEnvelope;
  fill: 'message' | 'firstReply' | 'attachment' | 'notification' | 'report';
}

/** One chat send for MessageRepository.send: the message, its notification and its outbox rows. */
export interface ChatSend {
  message: {
    id: string;
    matchId: string;
    senderId: string;
    recipientId: string;
    content: string;
    clientMessageId: string | null;
    attachmentId: string | null;
    /** The auto-flag rules the content matched, comma-separated ('' for none: most sends). */
    flags: string;
    /** The id of the auto-flag report a flagged message files (null when not flagged). */
    reportId: string | null;
  };
  notification: { id: string; title: string; body: string; link: string; createdAt: string };
  events: OutboxRecord[];
}

const MESSAGE_FIELDS = [
  'id',
  'matchId',
  'senderId',
  'recipientId',
  'content',
  'clientMessageId',
  'attachmentId',
  'flags',
  'reportId',
] as const satisfies readonly (keyof ChatSend['message'])[];
const NOTIFICATION_FIELDS = [
  'id',
  'title',
  'body',
  'link',
  'createdAt',
] as const satisfies readonly (keyof ChatSend['notification'])[];

/**
 * MessageRepository.send's answer for one send: null when the sender does not take part; no message when
 * the conversation is closed or one of the two blocked the other.
 */
export type SendAnswer = { status: MatchStatus; blocked: boolean; message: MessageRow | null } | null;

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
  flags: Message['flags'];
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
  verification: VerificationLevel | null;
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
  flags: row.flags,
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
    verification: row.verification ?? 'none',
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
const MESSAGE_COLUMNS = `m.id, m.match_id, m.seq, m.sender_id, m.recipient_id, m.content, m.client_message_id, m.sent_at, m.flags,
  ${ATTACHMENT_SQL('m')} AS attachment, ${CALL_SQL('m')} AS call,
  (SELECT r.read_at FROM conversation_members r
    WHERE r.match_id = m.match_id AND r.user_id = m.recipient_id AND r.up_to_seq >= m.seq) AS read_at`;

/** Whether either of two users blocked the other: their conversations leave both lists and counts. */
export const blockedSql = (a: string, b: string) =>
  `EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id, b.blocked_id) IN ((${a}, ${b}), (${b}, ${a})))`;

/** Messages of the others after the member's pointer: the unread count of one conversation. */
const unreadSql = (member: string) =>
  `(SELECT count(*)::int FROM messages u
     WHERE u.match_id = ${member}.match_id AND u.seq > ${member}.up_to_seq AND u.sender_id <> ${member}.user_id)`;

/** Who a send goes to: the conversation's two participants, and the sender's first name for the notification. */
export interface SendTarget {
  student_id: string;
  employer_id: string;
  sender_first_name: string;
}

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

  /**
   * Who a send goes to, read without a lock before the send's statement (SendTargets remembers it): the
   * participants never change, and the statement checks membership and status again under the row lock.
   */
  async sendTarget(dataSource: DataSource, matchId: string, senderId: string): Promise<SendTarget | null> {
    const rows = await preparedRows<SendTarget>(
      dataSource,
      'messaging-send-target',
      `SELECT c.student_id, c.employer_id, coalesce(trim(p.first_name), '') AS sender_first_name
         FROM conversations c LEFT JOIN people p ON p.id = $2
        WHERE c.match_id = $1 AND (c.student_id = $2 OR c.employer_id = $2)`,
      [matchId, senderId],
    );
    return rows[0] ?? null;
  }

  /**
   * Chat sends as one statement, so no row lock is held across round trips (B10 chat), and one
   * transaction for all of them (SendBatches: one commit, one round trip for what waited together). It
   * locks the conversations (in match id order, so two statements never wait on each other; FOR UPDATE:
   * the latest rows even after waiting for another send), stores each message as seq = last + 1 of an
   * open conversation the sender takes part in, moves the conversation (and notes the employer's first
   * reply), collapses or adds the recipient's unread `message.received` notification (an upsert on the
   * one-unread-per-conversation index, which sees a notification another send added while this one
   * waited, where a plain UPDATE would not under this statement's older snapshot), and writes the outbox
   * rows: the push's message gets its seq, sentAt and attachment here, the first-reply row goes only
   * with the first reply, the notification's only with a new notification. At most one send per
   * conversation: two would take the same seq and fail its uniqueness rule. Each send's answer, in
   * order: null when the sender does not take part, a status without a message when the conversation
   * is closed. A repeated client id or upload fails the statement on the messages' uniqueness rules, as
   * an INSERT would. It wakes the relay by pg_notify only when told to (OutboxService.mustNotify).
   * Prepared: parsing and planning this statement each time was half of Postgres's time per send in B10.
   */
  async send(
    dataSource: DataSource,
    sends: readonly ChatSend[],
    openStatuses: readonly string[],
    wake: { channel: string; notify: boolean },
  ): Promise<SendAnswer[]> {
    const events = sends.flatMap((send, index) => send.events.map((event) => ({ ...event, n: index + 1 })));
    const rows = await preparedRows<
      MessageRow & { n: string; conversation_status: MatchStatus | null; blocked: boolean | null; woken: unknown }
    >(
      dataSource,
      'messaging-send',
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::uuid[],
                              $8::text[], $9::uuid[], $10::uuid[], $11::text[], $12::text[], $13::text[], $14::timestamptz[])
           WITH ORDINALITY AS i (id, match_id, sender_id, recipient_id, content, client_message_id, attachment_id,
                                 flags, report_id, notification_id, title, body, link, created_at, n)
       ), conv AS (
         SELECT c.match_id, c.project_id, c.student_id, c.employer_id, c.status, c.last_seq, c.employer_replied_at
           FROM conversations c WHERE c.match_id IN (SELECT match_id FROM input)
          ORDER BY c.match_id
            FOR UPDATE
       ), member AS (
         SELECT i.*, conv.status, conv.last_seq, conv.employer_id = i.sender_id AND conv.employer_replied_at IS NULL AS first_reply,
                ${blockedSql('i.sender_id', 'i.recipient_id')} AS blocked
           FROM input i JOIN conv ON conv.match_id = i.match_id AND i.sender_id IN (conv.student_id, conv.employer_id)
       ), m AS (
         INSERT INTO messages AS m (id, match_id, seq, sender_id, recipient_id, content, client_message_id, attachment_id, flags)
         SELECT id, match_id, last_seq + 1, sender_id, recipient_id, content, client_message_id, attachment_id,
                coalesce(string_to_array(nullif(flags, ''), ','), '{}')
           FROM member WHERE status = ANY($15::text[]) AND NOT blocked
         RETURNING m.id, m.match_id, m.seq, m.sender_id, m.recipient_id, m.content, m.client_message_id, m.sent_at,
                   m.flags, ${ATTACHMENT_SQL('m')} AS attachment, NULL::timestamptz AS read_at
       ), flagged AS (
         INSERT INTO reports (id, source, target_type, target_id, reported_user_id, reason, flags, snapshot)
         SELECT member.report_id, 'auto', 'message', m.id, m.sender_id,
                -- autoReportReason: only a shortened link is spam, anything else asks for money.
                CASE WHEN m.flags <@ ARRAY['link_shortener'] THEN 'spam' ELSE 'asks_for_money' END, m.flags,
                jsonb_build_object('text', m.content, 'title', NULL, 'matchId', m.match_id, 'projectId', conv.project_id)
           FROM m JOIN member ON member.id = m.id JOIN conv ON conv.match_id = m.match_id
          WHERE member.report_id IS NOT NULL
       ), sent AS (
         SELECT m.*, to_jsonb(to_char(m.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS sent_at_json,
                member.first_reply, member.n, member.notification_id, member.title, member.body, member.link,
                member.created_at
           FROM m JOIN member ON member.id = m.id
       ), moved AS (
         UPDATE conversations c SET last_seq = sent.seq, activity_at = sent.sent_at,
                employer_replied_at = CASE WHEN sent.first_reply THEN sent.sent_at ELSE c.employer_replied_at END
           FROM sent WHERE c.match_id = sent.match_id
       ), notified AS (
         INSERT INTO notifications AS n (id, user_id, type, title, body, link, created_at, match_id)
         SELECT notification_id, recipient_id, 'message.received', title, body, link, created_at, match_id FROM sent
         ON CONFLICT (user_id, match_id) WHERE read_at IS NULL AND match_id IS NOT NULL
         DO UPDATE SET title = excluded.title, body = excluded.body
         RETURNING n.id
       ), events AS (
         ${OUTBOX_INSERT}
         SELECT e.id, e.topic, e.key, e.type, e.version,
                CASE e.fill
                  WHEN 'message' THEN jsonb_set(jsonb_set(jsonb_set(env.envelope, '{payload,data,seq}', to_jsonb(sent.seq)),
                    '{payload,data,sentAt}', sent.sent_at_json), '{payload,data,attachment}', coalesce(to_jsonb(sent.attachment), 'null'))
                  WHEN 'firstReply' THEN jsonb_set(env.envelope, '{payload,repliedAt}', sent.sent_at_json)
                  WHEN 'attachment' THEN jsonb_set(env.envelope, '{payload,attachedAt}', sent.sent_at_json)
                  ELSE env.envelope
                END
           FROM unnest($16::uuid[], $17::text[], $18::text[], $19::text[], $20::int[], $22::text[], $23::int[])
                WITH ORDINALITY AS e (id, topic, key, type, version, fill, n, ord)
          CROSS JOIN LATERAL (SELECT $21::jsonb -> (e.ord::int - 1) AS envelope) AS env
           JOIN sent ON sent.n = e.n
          WHERE CASE e.fill
                  WHEN 'firstReply' THEN sent.first_reply
                  WHEN 'notification' THEN sent.notification_id IN (SELECT id FROM notified)
                  ELSE true
                END
          ORDER BY e.ord
         RETURNING 1
       )
       SELECT i.n, member.status AS conversation_status, member.blocked, sent.id, sent.match_id, sent.seq, sent.sender_id,
              sent.recipient_id, sent.content, sent.client_message_id, sent.sent_at, sent.flags, sent.attachment, sent.read_at,
              (SELECT pg_notify($24, '') FROM events WHERE $25::boolean LIMIT 1) AS woken
         FROM input i LEFT JOIN member ON member.n = i.n LEFT JOIN sent ON sent.n = i.n
        ORDER BY i.n`,
      [
        // The statement's $1–$9 and $10–$14: one array per field, in the order of MESSAGE_FIELDS and NOTIFICATION_FIELDS.
        ...MESSAGE_FIELDS.map((field) => sends.map((send) => send.message[field])),
        ...NOTIFICATION_FIELDS.map((field) => sends.map((send) => send.notification[field])),
        [...openStatuses],
        events.map((e) => e.envelope.id),
        events.map((e) => e.topic),
        events.map((e) => e.envelope.key),
        events.map((e) => e.envelope.type),
        events.map((e) => e.envelope.version),
        // One JSON array, not an array of JSON texts, which node-postgres would escape character by character.
        JSON.stringify(events.map((e) => e.envelope)),
        events.map((e) => e.fill),
        events.map((e) => e.n),
        wake.channel,
        wake.notify,
      ],
    );
    return rows.map(({ n: _n, conversation_status: status, blocked, woken: _woken, ...sent }) =>
      status === null
        ? null
        : { status, blocked: blocked === true, message: sent.id === null ? null : (sent as MessageRow) },
    );
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
      `SELECT coalesce(sum(${unreadSql('cm')}), 0)::int AS count FROM conversation_members cm
         JOIN conversations c ON c.match_id = cm.match_id
        WHERE cm.user_id = $1
          AND NOT ${blockedSql('$1', 'CASE WHEN c.student_id = $1 THEN c.employer_id ELSE c.student_id END')}`,
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
              p.first_name, p.last_name, p.profile_image_url, p.verification, c.match_score, c.status,
              ${unreadSql('cm')} AS unread_count,
              (SELECT row_to_json(last) FROM (SELECT ${MESSAGE_COLUMNS} FROM messages m
                 WHERE m.match_id = c.match_id ORDER BY m.seq DESC LIMIT 1) last) AS last_message,
              ${microsSql('c.activity_at')} AS position
         FROM conversation_members cm
         JOIN conversations c ON c.match_id = cm.match_id
         CROSS JOIN LATERAL (SELECT CASE WHEN c.student_id = $1 THEN c.employer_id ELSE c.student_id END AS id) other
         LEFT JOIN people p ON p.id = other.id
         LEFT JOIN projects pr ON pr.id = c.project_id
        WHERE cm.user_id = $1 AND ${filters.join(' AND ')} AND NOT ${blockedSql('$1', 'other.id')}
        ORDER BY c.activity_at DESC, c.match_id DESC
        LIMIT $${params.push(options.limit + 1)}`,
      params,
    );
  }
}
