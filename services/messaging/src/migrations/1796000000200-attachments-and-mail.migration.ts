import { sqlMigration } from '@projectory/platform';

/**
 * Attachments, new-message notifications and away mails (services/messaging/README.md): stored
 * attachment uploads from the portfolio service's events, each attached to at most one message; the
 * recipients' e-mail addresses; one unread `message.received` per conversation and recipient; and when
 * each recipient was last mailed about each conversation (the throttle, in the database).
 */
export const AttachmentsAndMail1796000000200 = sqlMigration('AttachmentsAndMail1796000000200', {
  up: [
    'ALTER TABLE people ADD COLUMN email text',
    // portfolio.attachment.stored: what the server knows of an upload; the bytes are in the FileStore.
    `
      CREATE TABLE attachment_uploads (
        upload_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        file_key text NOT NULL,
        file_name text NOT NULL,
        file_type text NOT NULL,
        file_size bigint NOT NULL,
        sha256 text NOT NULL,
        stored_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
    // An upload is sent once: a second message naming it hits messages_attachment_key.
    'ALTER TABLE messages ADD COLUMN attachment_id uuid REFERENCES attachment_uploads (upload_id), ' +
      'ADD CONSTRAINT messages_attachment_key UNIQUE (attachment_id)',
    // message.received collapses: at most one unread per recipient and conversation.
    'ALTER TABLE notifications ADD COLUMN match_id uuid',
    'CREATE UNIQUE INDEX notifications_unread_conversation_key ON notifications (user_id, match_id) ' +
      'WHERE read_at IS NULL AND match_id IS NOT NULL',
    // topic: `conversation:<matchId>` or `<type>:<link>` for other notifications.
    `
      CREATE TABLE mail_throttle (
        user_id uuid NOT NULL,
        topic text NOT NULL,
        mailed_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, topic)
      )`,
  ],
  down: [
    'DROP TABLE mail_throttle',
    'DROP INDEX notifications_unread_conversation_key',
    'ALTER TABLE notifications DROP COLUMN match_id',
    'ALTER TABLE messages DROP COLUMN attachment_id',
    'DROP TABLE attachment_uploads',
    'ALTER TABLE people DROP COLUMN email',
  ],
});
