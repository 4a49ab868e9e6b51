import { type DynamicModule, Module } from '@nestjs/common';
import { peopleConsumer, type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { ReadModelConsumer } from './consumers/read-model.consumer.js';
import { AdminController } from './controllers/admin.controller.js';
import { InternalController } from './controllers/internal.controller.js';
import { PlansController } from './controllers/plans.controller.js';
import { AdminTables1797100000000 } from './migrations/1797100000000-admin-tables.migration.js';
import { DeadLetterAudit1797200000100 } from './migrations/1797200000100-dead-letter-audit.migration.js';
import { AdminQueryRepository } from './repositories/admin-query.repository.js';
import { AuditRepository } from './repositories/audit.repository.js';
import { ReadModelRepository } from './repositories/read-model.repository.js';
import { UpgradeRequestRepository } from './repositories/upgrade-request.repository.js';
import { AdminActionService } from './services/admin-action.service.js';
import { AdminQueryService } from './services/admin-query.service.js';
import { ExportService } from './services/export.service.js';
import { UpgradeRequestService } from './services/upgrade-request.service.js';

@Module({})
export class AdminModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return {
      module: AdminModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [AdminController, PlansController, InternalController],
      providers: [
        ReadModelRepository,
        AdminQueryRepository,
        AuditRepository,
        UpgradeRequestRepository,
        ReadModelConsumer,
        peopleConsumer(ReadModelRepository),
        AdminQueryService,
        AdminActionService,
        UpgradeRequestService,
        ExportService,
      ],
    };
  }
}

export const adminService: ServiceEntry = {
  definition: { name: 'admin', migrations: [AdminTables1797100000000, DeadLetterAudit1797200000100] },
  module: (context) => AdminModule.forRoot(context),
};
