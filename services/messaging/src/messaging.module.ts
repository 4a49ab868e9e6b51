import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { ReadModelConsumer } from './consumers/read-model.consumer.js';
import { InternalController } from './controllers/internal.controller.js';
import { ConversationsController, MessagesController } from './controllers/messages.controller.js';
import { MessagingTables1796000000000 } from './migrations/1796000000000-messaging-tables.migration.js';
import { Notifications1796000000100 } from './migrations/1796000000100-notifications.migration.js';
import { notificationControllers, notificationProviders } from './notifications/notifications.providers.js';
import { MessageRepository } from './repositories/message.repository.js';
import { ReadModelRepository } from './repositories/read-model.repository.js';
import { MessageService } from './services/message.service.js';

@Module({})
export class MessagingModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return {
      module: MessagingModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [ConversationsController, MessagesController, InternalController, ...notificationControllers],
      providers: [ReadModelRepository, MessageRepository, ReadModelConsumer, MessageService, ...notificationProviders],
    };
  }
}

export const messagingService: ServiceEntry = {
  definition: { name: 'messaging', migrations: [MessagingTables1796000000000, Notifications1796000000100] },
  module: (context) => MessagingModule.forRoot(context),
};
