import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule, Reflector } from '@nestjs/core';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { InternalAuthGuard } from '../auth/internal-auth.guard.js';
import { installAfterCommit } from '../database/after-commit.js';
import { migrateDataSource, serviceDataSourceOptions } from '../database/data-source.js';
import { HttpErrorFilter } from '../errors/http-error.filter.js';
import { createEventBus } from '../events/create-event-bus.js';
import { StorableTextGuard } from '../http/storable-text.js';
import { EVENT_BUS, type EventBus } from '../events/event-bus.js';
import { InboxService } from '../events/inbox.service.js';
import { OutboxService } from '../events/outbox.service.js';
import { UserNotifier } from '../realtime/user-notifier.js';
import { HEALTH_CHECKS, HealthController, type HealthCheck, SERVICE_NAME } from '../health/health.controller.js';
import { createJobQueue } from '../jobs/create-job-queue.js';
import { JOB_QUEUE, type JobQueue } from '../jobs/job-queue.js';
import { PeriodicJobs } from '../jobs/periodic.js';
import { DeadLettersController } from '../operations/dead-letters.controller.js';
import { DeadLettersService } from '../operations/dead-letters.service.js';
import { LOGGER, SERVICE_CONFIG, SERVICE_CONTEXT, type ServiceContext } from './service-definition.js';
import { ServiceWorkers } from './service-workers.js';

/**
 * Everything a service stands on, wired from its context: database bound to its schema, event bus,
 * job queue, outbox and inbox, internal identity guard, error filter, the check that bodies and queries
 * hold only storable text, health, background workers, periodic jobs (`@Periodic`) and the dead-letter
 * view and replay.
 * A service module imports this and adds only its own controllers and providers.
 */
@Module({})
export class ServiceCoreModule {
  static forRoot(context: ServiceContext): DynamicModule {
    const { definition, config, logger } = context;
    return {
      module: ServiceCoreModule,
      global: true,
      imports: [
        DiscoveryModule,
        // Named after the service: in the embedded mode several services share one process.
        TypeOrmModule.forRootAsync({
          name: definition.name,
          useFactory: () =>
            serviceDataSourceOptions({
              schema: definition.name,
              url: config.DATABASE_URL,
              migrations: definition.migrations,
              poolSize: config.DB_POOL_SIZE,
            }),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            installAfterCommit(dataSource, logger);
            if (config.MIGRATE_ON_START) {
              const applied = await migrateDataSource(dataSource);
              if (applied.length > 0) logger.info({ applied }, 'migrations applied');
            }
            return dataSource;
          },
        }),
      ],
      // Every service answers the admins' dead-letter view and replay (gateway/src/admin).
      controllers: [HealthController, DeadLettersController],
      providers: [
        { provide: DataSource, useExisting: getDataSourceToken(definition.name) },
        { provide: SERVICE_CONTEXT, useValue: context },
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: SERVICE_NAME, useValue: definition.name },
        { provide: LOGGER, useValue: logger },
        {
          provide: EVENT_BUS,
          useFactory: () => context.runtime.eventBus ?? createEventBus(config, definition.name, logger),
        },
        { provide: JOB_QUEUE, useFactory: () => context.runtime.jobQueue ?? createJobQueue(config, logger) },
        { provide: OutboxService, useValue: new OutboxService(definition.name, definition.name) },
        UserNotifier,
        {
          provide: InboxService,
          useFactory: (dataSource: DataSource) => new InboxService(dataSource),
          inject: [DataSource],
        },
        {
          provide: HEALTH_CHECKS,
          inject: [DataSource, EVENT_BUS, JOB_QUEUE],
          useFactory: (dataSource: DataSource, bus: EventBus, jobs: JobQueue): HealthCheck[] => [
            { name: 'database', check: async () => void (await dataSource.query('SELECT 1')) },
            { name: 'eventBus', check: () => bus.ping() },
            { name: 'jobQueue', check: () => jobs.ping() },
          ],
        },
        {
          provide: APP_GUARD,
          inject: [Reflector],
          useFactory: (reflector: Reflector) => new InternalAuthGuard(reflector, config.INTERNAL_SECRET),
        },
        // Every body and query: NUL or a lone surrogate anywhere is a 400 naming the field (API.md).
        // After InternalAuthGuard (global guards run in the order provided), so 401/403 come first.
        { provide: APP_GUARD, useClass: StorableTextGuard },
        { provide: APP_FILTER, useValue: new HttpErrorFilter(logger) },
        ServiceWorkers,
        PeriodicJobs,
        DeadLettersService,
      ],
      exports: [
        DataSource,
        SERVICE_CONTEXT,
        SERVICE_CONFIG,
        LOGGER,
        EVENT_BUS,
        JOB_QUEUE,
        OutboxService,
        InboxService,
        UserNotifier,
      ],
    };
  }
}
