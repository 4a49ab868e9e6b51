import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';

@Module({})
export class MessagingModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return { module: MessagingModule, imports: [ServiceCoreModule.forRoot(context)] };
  }
}

export const messagingService: ServiceEntry = {
  definition: { name: 'messaging', migrations: [] },
  module: (context) => MessagingModule.forRoot(context),
};
