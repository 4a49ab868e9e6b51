import { Injectable } from '@nestjs/common';
import {
  type Collection,
  type ListNotificationsQuery,
  type Notification,
  type NotificationSettings,
  type UnreadCount,
} from '@projectory/contracts';
import { decodeCursor, newestFirstPosition } from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { NotificationRepository } from '../repositories/notification.repository.js';

/** The caller's own inbox and e-mail settings: every statement is scoped to the caller's id. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationRepository,
  ) {}

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
