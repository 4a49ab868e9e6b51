import { Injectable } from '@nestjs/common';
import type { CallOutcome, CallParticipants } from '@projectory/contracts';
import { queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { blockedSql, CALL_SQL, type MessageRow } from '../../repositories/message.repository.js';

/** Every SQL statement of video calls (ADR 0009): who may call whom, and the messages calls leave. */
@Injectable()
export class CallRepository {
  /** The match's two participants and status, if `userId` is one of them, and whether one blocked the other. */
  async participants(
    runner: Runner,
    matchId: string,
    userId: string,
  ): Promise<(CallParticipants & { blocked: boolean }) | null> {
    const rows = await queryRows<CallParticipants & { blocked: boolean }>(
      runner,
      `SELECT match_id AS "matchId", student_id AS "studentId", employer_id AS "employerId", status,
              ${blockedSql('student_id', 'employer_id')} AS blocked
         FROM conversations WHERE match_id = $1 AND (student_id = $2 OR employer_id = $2)`,
      [matchId, userId],
    );
    return rows[0] ?? null;
  }

  /**
   * The call's message as the next of a locked conversation (seq = last + 1, activity moves); null when
   * this call left its message before (`messages_call_key`).
   */
  async insert(
    manager: EntityManager,
    call: {
      matchId: string;
      seq: number;
      senderId: string;
      recipientId: string;
      content: string;
      callId: string;
      outcome: CallOutcome;
      durationSeconds: number;
    },
  ): Promise<MessageRow | null> {
    const rows = await queryRows<MessageRow>(
      manager,
      `WITH m AS (
         INSERT INTO messages AS m (match_id, seq, sender_id, recipient_id, content, call_id, call_outcome, call_duration_seconds)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT ON CONSTRAINT messages_call_key DO NOTHING
         RETURNING m.id, m.match_id, m.seq, m.sender_id, m.recipient_id, m.content, m.client_message_id, m.sent_at,
                   NULL::json AS attachment, ${CALL_SQL('m')} AS call, NULL::timestamptz AS read_at
       ), moved AS (
         UPDATE conversations SET last_seq = m.seq, activity_at = m.sent_at FROM m WHERE conversations.match_id = m.match_id
       )
       SELECT * FROM m`,
      [
        call.matchId,
        call.seq,
        call.senderId,
        call.recipientId,
        call.content,
        call.callId,
        call.outcome,
        call.durationSeconds,
      ],
    );
    return rows[0] ?? null;
  }

  /** The message a call left, if any (a repeated report answers it). */
  async byCallId(runner: Runner, callId: string): Promise<MessageRow | null> {
    const rows = await queryRows<MessageRow>(
      runner,
      `SELECT m.id, m.match_id, m.seq, m.sender_id, m.recipient_id, m.content, m.client_message_id, m.sent_at,
              NULL::json AS attachment, ${CALL_SQL('m')} AS call,
              (SELECT r.read_at FROM conversation_members r
                WHERE r.match_id = m.match_id AND r.user_id = m.recipient_id AND r.up_to_seq >= m.seq) AS read_at
         FROM messages m WHERE m.call_id = $1`,
      [callId],
    );
    return rows[0] ?? null;
  }
}
