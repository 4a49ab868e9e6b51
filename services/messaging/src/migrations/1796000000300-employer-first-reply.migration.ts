import { sqlMigration } from '@projectory/platform';

/**
 * When the employer first wrote in each conversation: the send that sets it publishes
 * messaging.conversation.first-reply, so the event goes out once per conversation. Conversations the
 * employer already wrote in are filled from their messages (no event for those).
 */
export const EmployerFirstReply1796000000300 = sqlMigration('EmployerFirstReply1796000000300', {
  up: [
    'ALTER TABLE conversations ADD COLUMN employer_replied_at timestamptz',
    `
      UPDATE conversations c SET employer_replied_at = first.sent_at
      FROM (SELECT m.match_id, min(m.sent_at) AS sent_at FROM messages m
            JOIN conversations k ON k.match_id = m.match_id AND m.sender_id = k.employer_id
            GROUP BY m.match_id) first
      WHERE c.match_id = first.match_id`,
  ],
  down: ['ALTER TABLE conversations DROP COLUMN employer_replied_at'],
});
