import { sqlMigration } from '@projectory/platform';

/**
 * Messaging's conversations and messages (services/messaging/README.md): read models of people and
 * project titles, one conversation per match (fed by matching's events), gapless messages, and one read
 * pointer per member (no per-message read rows).
 */
export const MessagingTables1796000000000 = sqlMigration('MessagingTables1796000000000', {
  up: [
    // identity.user.*: the names a conversation shows, as of snapshot_at.
    `
      CREATE TABLE people (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        profile_image_url text,
        snapshot_at timestamptz NOT NULL
      )`,
    // projects.project.*: the title a conversation shows, as of snapshot_at.
    `
      CREATE TABLE projects (
        id uuid PRIMARY KEY,
        title text NOT NULL,
        snapshot_at timestamptz NOT NULL
      )`,
    // matching.match.*: one conversation per match. last_seq: the newest message's seq (0 before any),
    // locked and bumped by each send. activity_at: the newest message, or the match's creation.
    `
      CREATE TABLE conversations (
        match_id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        student_id uuid NOT NULL,
        employer_id uuid NOT NULL,
        status text NOT NULL,
        status_at timestamptz NOT NULL,
        match_score int,
        last_seq int NOT NULL DEFAULT 0,
        activity_at timestamptz NOT NULL
      )`,
    'CREATE INDEX conversations_student_idx ON conversations (student_id, activity_at DESC, match_id DESC)',
    'CREATE INDEX conversations_employer_idx ON conversations (employer_id, activity_at DESC, match_id DESC)',
    // Each member's read pointer: everything up to up_to_seq is read (read_at: when it last moved).
    `
      CREATE TABLE conversation_members (
        match_id uuid NOT NULL REFERENCES conversations (match_id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        up_to_seq int NOT NULL DEFAULT 0,
        read_at timestamptz,
        PRIMARY KEY (match_id, user_id)
      )`,
    'CREATE INDEX conversation_members_user_idx ON conversation_members (user_id)',
    // seq counts 1, 2, 3... per conversation; a client's retry of one send is the same row.
    `
      CREATE TABLE messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        match_id uuid NOT NULL REFERENCES conversations (match_id) ON DELETE CASCADE,
        seq int NOT NULL,
        sender_id uuid NOT NULL,
        recipient_id uuid NOT NULL,
        content text NOT NULL,
        client_message_id text,
        sent_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT messages_seq_key UNIQUE (match_id, seq),
        CONSTRAINT messages_client_message_key UNIQUE (match_id, sender_id, client_message_id)
      )`,
  ],
  down: ['DROP TABLE messages, conversation_members, conversations, projects, people'],
});
