import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  type Collection,
  type ListNotificationsQuery,
  listNotificationsQuerySchema,
  type MarkNotificationsRead,
  markNotificationsReadSchema,
  type Notification,
  type NotificationSettings,
  notificationSettingsSchema,
  type UnreadCount,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, zodPipe } from '@projectory/platform';
import { NotificationsService } from '../services/notifications.service.js';

/** API.md "Messaging and notifications": the caller's own inbox, any role; signed out 401 (the platform's guard). */
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  list(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listNotificationsQuerySchema)) query: ListNotificationsQuery,
  ): Promise<Collection<Notification>> {
    return this.notifications.list(caller.userId, query);
  }

  @Get('unread-count')
  unreadCount(@Caller() caller: AuthenticatedIdentity): Promise<UnreadCount> {
    return this.notifications.unreadCount(caller.userId);
  }

  @Post('read')
  @HttpCode(204)
  async markRead(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(markNotificationsReadSchema)) body: MarkNotificationsRead,
  ): Promise<void> {
    await this.notifications.markRead(caller.userId, body.ids);
  }

  @Get('settings')
  settings(@Caller() caller: AuthenticatedIdentity): Promise<NotificationSettings> {
    return this.notifications.settings(caller.userId);
  }

  @Put('settings')
  saveSettings(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(notificationSettingsSchema)) body: NotificationSettings,
  ): Promise<NotificationSettings> {
    return this.notifications.saveSettings(caller.userId, body);
  }
}
