import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { Notifications1796000000100 } from './migrations/1796000000100-notifications.migration.js';
import { notificationControllers, notificationProviders } from './notifications/notifications.providers.js';

@Module({})
export class MessagingModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return {
      module: MessagingModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [...notificationControllers],
      providers: [...notificationProviders],
    };
  }
}

export const messagingService: ServiceEntry = {
  definition: { name: 'messaging', migrations: [Notifications1796000000100] },
  module: (context) => MessagingModule.forRoot(context),
};
