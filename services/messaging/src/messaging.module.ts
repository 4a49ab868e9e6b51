import { type DynamicModule, Module } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import {
  attachmentUploadsConsumer,
  FileStoreModule,
  MailerService,
  peopleConsumer,
  type ServiceContext,
  ServiceCoreModule,
  type ServiceEntry,
} from '@projectory/platform';
import { CallsController, InternalCallsController } from './calls/calls.controller.js';
import { CallRepository } from './calls/repositories/call.repository.js';
import { CallsService } from './calls/calls.service.js';
import { ReadModelConsumer } from './consumers/read-model.consumer.js';
import { InternalController } from './controllers/internal.controller.js';
import { ConversationsController, MessagesController } from './controllers/messages.controller.js';
import { AwayMailJobHandler } from './mail/away-mail.job.js';
import { AwayMailService } from './mail/away-mail.service.js';
import { AwayMailRepository } from './mail/repositories/away-mail.repository.js';
import { messagingConfig } from './messaging.config.js';
import { MessagingTables1796000000000 } from './migrations/1796000000000-messaging-tables.migration.js';
import { Notifications1796000000100 } from './migrations/1796000000100-notifications.migration.js';
import { AttachmentsAndMail1796000000200 } from './migrations/1796000000200-attachments-and-mail.migration.js';
import { EmployerFirstReply1796000000300 } from './migrations/1796000000300-employer-first-reply.migration.js';
import { Calls1796000000400 } from './migrations/1796000000400-calls.migration.js';
import { Safety1796000000500 } from './migrations/1796000000500-safety.migration.js';
import { notificationControllers, notificationProviders } from './notifications/notifications.providers.js';
import { AttachmentRepository } from './repositories/attachment.repository.js';
import { MessageRepository } from './repositories/message.repository.js';
import { SendBatches } from './services/send-batches.js';
import { SendTargets } from './services/send-targets.js';
import { ReadModelRepository } from './repositories/read-model.repository.js';
import { SafetyRepository } from './safety/repositories/safety.repository.js';
import {
  AdminReportsController,
  BlocksController,
  InternalReportsController,
  ReportsController,
} from './safety/safety.controller.js';
import { SafetyService } from './safety/safety.service.js';
import { MessageService } from './services/message.service.js';

type MessagingContext = ServiceContext<typeof messagingConfig>;

@Module({})
export class MessagingModule {
  static forRoot(context: MessagingContext): DynamicModule {
    return {
      module: MessagingModule,
      // Attachments are read from the FileStore the portfolio service stored them in (ADR 0010).
      imports: [ServiceCoreModule.forRoot(context), FileStoreModule.forRoot(context)],
      controllers: [
        ConversationsController,
        MessagesController,
        InternalController,
        CallsController,
        InternalCallsController,
        ReportsController,
        BlocksController,
        AdminReportsController,
        InternalReportsController,
        ...notificationControllers,
      ],
      providers: [
        MailerService,
        ReadModelRepository,
        MessageRepository,
        SendTargets,
        SendBatches,
        AttachmentRepository,
        attachmentUploadsConsumer(AttachmentRepository),
        ReadModelConsumer,
        peopleConsumer(ReadModelRepository),
        MessageService,
        CallRepository,
        CallsService,
        AwayMailRepository,
        AwayMailService,
        AwayMailJobHandler,
        SafetyRepository,
        SafetyService,
        ...notificationProviders,
      ],
    };
  }
}

export const messagingService: ServiceEntry<typeof messagingConfig> = {
  definition: {
    name: 'messaging',
    migrations: [
      MessagingTables1796000000000,
      Notifications1796000000100,
      AttachmentsAndMail1796000000200,
      EmployerFirstReply1796000000300,
      Calls1796000000400,
      Safety1796000000500,
    ],
    queues: [Queues.MessagingAwayMail],
    config: messagingConfig,
    embeddedPoolSize: 16,
  },
  module: (context) => MessagingModule.forRoot(context),
};
