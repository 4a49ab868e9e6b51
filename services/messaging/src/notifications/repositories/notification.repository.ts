import { Injectable } from '@nestjs/common';
import {
  type Collection,
  DEFAULT_NOTIFICATION_SETTINGS,
  type Notification,
  type NotificationSettings,
} from '@projectory/contracts';
import {
  microsSql,
  type NewestFirstPosition,
  olderThanSql,
  queryRows,
  type Runner,
  toPage,
} from '@projectory/platform';
import type { EntityManager } from 'typeorm';

interface NotificationRow {
  id: string;
  type: string;
  title: string;
  body: string | null;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
  cursor_micros: string;
}

interface SettingsRow {
  email_messages: boolean;
  email_applications: boolean;
  email_status_changes: boolean;
}

/** What the inbox stores of one NotificationRequested event. */
export interface NewNotification {
  id: string;
  userId: string;
  type: string;
  title: string;
  body: string | null;
  link: string | null;
  createdAt: string;
  /** A `message.received`'s conversation: at most one unread per recipient and conversation. */
  matchId?: string;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.created_at.toISOString(),
  readAt: row.read_at?.toISOString() ?? null,
});

const toSettings = (row: SettingsRow): NotificationSettings => ({
  email: {
    messages: row.email_messages,
    applications: row.email_applications,
    statusChanges: row.email_status_changes,
  },
});

/** Every statement on `notifications` and `notification_settings` (ADR 0009). */
@Injectable()
export class NotificationRepository {
  /** Stores a notification once: the same id again (a redelivered event) changes nothing. */
  async insert(runner: Runner, notification: NewNotification): Promise<boolean> {
    const stored = await queryRows(
      runner,
      `INSERT INTO notifications (id, user_id, type, title, body, link, created_at, match_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        notification.id,
        notification.userId,
        notification.type,
        notification.title,
        notification.body,
        notification.link,
        notification.createdAt,
        notification.matchId ?? null,
      ],
    );
    return stored.length > 0;
  }

  /** The recipient read the conversation: its unread message notification is read too. */
  async markConversationRead(manager: EntityManager, userId: string, matchId: string): Promise<void> {
    await queryRows(
      manager,
      'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND match_id = $2 AND read_at IS NULL',
      [userId, matchId],
    );
  }

  /** One page of the user's notifications, newest first, strictly after `after`. */
  async list(
    runner: Runner,
    userId: string,
    limit: number,
    after: NewestFirstPosition | undefined,
  ): Promise<Collection<Notification>> {
    const params: unknown[] = [userId];
    const older = after ? `AND ${olderThanSql('created_at', 'id', after, params)}` : '';
    const rows = await queryRows<NotificationRow>(
      runner,
      `SELECT id, type, title, body, link, created_at, read_at, ${microsSql('created_at')} AS cursor_micros
       FROM notifications
       WHERE user_id = $1 ${older}
       ORDER BY created_at DESC, id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
    return toPage(rows, limit, toNotification, (row) => [row.cursor_micros, row.id]);
  }

  async unreadCount(runner: Runner, userId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      runner,
      'SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND read_at IS NULL',
      [userId],
    );
    return row!.count;
  }

  /** Marks the user's unread notifications read: those of `ids` (others' and unknown ones ignored), or all. */
  async markRead(runner: Runner, userId: string, ids: string[] | undefined): Promise<void> {
    await queryRows(
      runner,
      `UPDATE notifications SET read_at = now()
       WHERE user_id = $1 AND read_at IS NULL AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))`,
      [userId, ids ?? null],
    );
  }

  async settings(runner: Runner, userId: string): Promise<NotificationSettings> {
    const [row] = await queryRows<SettingsRow>(
      runner,
      `SELECT email_messages, email_applications, email_status_changes
       FROM notification_settings WHERE user_id = $1`,
      [userId],
    );
    return row ? toSettings(row) : DEFAULT_NOTIFICATION_SETTINGS;
  }

  async saveSettings(runner: Runner, userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
    const [row] = await queryRows<SettingsRow>(
      runner,
      `INSERT INTO notification_settings (user_id, email_messages, email_applications, email_status_changes)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE
         SET email_messages = EXCLUDED.email_messages, email_applications = EXCLUDED.email_applications,
             email_status_changes = EXCLUDED.email_status_changes, updated_at = now()
       RETURNING email_messages, email_applications, email_status_changes`,
      [userId, settings.email.messages, settings.email.applications, settings.email.statusChanges],
    );
    return toSettings(row!);
  }
}
