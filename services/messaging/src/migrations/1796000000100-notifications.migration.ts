import { sqlMigration } from '@projectory/platform';

/**
 * The notification inbox (API.md "Messaging and notifications"): one row per notification a service
 * asked for (NotificationRequested, kind `notification`), keyed by the event's id so that a redelivered
 * event stores nothing twice, and each user's e-mail settings (absent row: every e-mail on).
 */
export const Notifications1796000000100 = sqlMigration('Notifications1796000000100', {
  up: [
    `
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        type text NOT NULL,
        title text NOT NULL,
        body text,
        link text,
        created_at timestamptz NOT NULL,
        read_at timestamptz
      )`,
    // The inbox, newest first (keyset paging), and the unread count, which reads only unread rows.
    'CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC)',
    'CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL',
    `
      CREATE TABLE notification_settings (
        user_id uuid PRIMARY KEY,
        email_messages boolean NOT NULL,
        email_applications boolean NOT NULL,
        email_status_changes boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  down: ['DROP TABLE notification_settings, notifications'],
});
