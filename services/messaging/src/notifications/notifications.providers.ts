import { NotificationRequestedConsumer } from './consumers/notification-requested.consumer.js';
import { NotificationsController } from './controllers/notifications.controller.js';
import { NotificationRepository } from './repositories/notification.repository.js';
import { NotificationsService } from './services/notifications.service.js';

/** The notification inbox's part of MessagingModule: its routes, and its repository, service and consumer. */
export const notificationControllers = [NotificationsController];
export const notificationProviders = [NotificationRepository, NotificationsService, NotificationRequestedConsumer];
