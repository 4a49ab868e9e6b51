import { Injectable } from '@nestjs/common';
import {
  type Collection,
  type ListNotificationsQuery,
  type Notification,
  NotificationRequestedV1,
  type NotificationSettings,
  type UnreadCount,
} from '@projectory/contracts';
import { decodeCursor, newestFirstPosition, OutboxService } from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { NotificationRepository } from '../repositories/notification.repository.js';

/** The caller's own inbox and e-mail settings: every statement is scoped to the caller's id. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationRepository,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * A new message for `userId` (API.md type `message.received`), in the send's transaction. While an
   * earlier one of the same conversation is unread it only takes the newest text, so a chat does not
   * flood the bell; otherwise it is stored now under the id of the event that pushes it live (the
   * gateway gives that id to the client; this service's own consumer then finds the row and adds none).
   * Sends in one conversation are serialised by its row lock, so two cannot both add one.
   */
  async messageReceived(
    manager: EntityManager,
    userId: string,
    matchId: string,
    content: { title: string; body: string; link: string },
  ): Promise<void> {
    if (await this.notifications.collapseUnread(manager, userId, matchId, content)) return;
    const envelope = await this.outbox.add(manager, NotificationRequestedV1, userId, {
      userId,
      event: 'notification',
      data: { kind: 'message.received', ...content },
    });
    await this.notifications.insert(manager, {
      id: envelope.id,
      userId,
      type: 'message.received',
      ...content,
      createdAt: envelope.occurredAt,
      matchId,
    });
  }

  /** The reader caught up with a conversation: its message notification is read too. */
  conversationRead(manager: EntityManager, userId: string, matchId: string): Promise<void> {
    return this.notifications.markConversationRead(manager, userId, matchId);
  }

  list(userId: string, query: ListNotificationsQuery): Promise<Collection<Notification>> {
    const after = decodeCursor(query.cursor, newestFirstPosition);
    return this.notifications.list(this.dataSource, userId, query.limit, after);
  }

  async unreadCount(userId: string): Promise<UnreadCount> {
    return { count: await this.notifications.unreadCount(this.dataSource, userId) };
  }

  markRead(userId: string, ids: string[] | undefined): Promise<void> {
    return this.notifications.markRead(this.dataSource, userId, ids);
  }

  settings(userId: string): Promise<NotificationSettings> {
    return this.notifications.settings(this.dataSource, userId);
  }

  saveSettings(userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
    return this.notifications.saveSettings(this.dataSource, userId, settings);
  }
}
