import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { EVENT_BUS, type EventBus } from '../events/event-bus.js';
import {
  EVENT_HANDLER_KEY,
  EventDispatcher,
  eventHandlers,
  type EventContext,
  type EventHandlerMetadata,
} from '../events/event-consumer.js';
import { InboxService } from '../events/inbox.service.js';
import { OutboxRelay } from '../events/outbox-relay.js';
import { OutboxService } from '../events/outbox.service.js';
import { JOB_HANDLER_KEY, type JobHandlerMetadata, checkJobHandlers } from '../jobs/job-handler.js';
import { JOB_QUEUE, type Job, type JobQueue } from '../jobs/job-queue.js';
import { discoverMethods } from './discover-handlers.js';
import { SERVICE_CONTEXT, type ServiceContext } from './service-definition.js';

/**
 * Starts the background parts chosen by WORKERS (ARCHITECTURE §6, like immich's worker selection):
 * the outbox relay, the event consumers and the job processors; stops them before the app closes.
 * Start-up fails when a queue the service owns has no handler or two.
 */
@Injectable()
export class ServiceWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private relay?: OutboxRelay;
  private dispatcher?: EventDispatcher;

  constructor(
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly dataSource: DataSource,
    private readonly inbox: InboxService,
    private readonly outbox: OutboxService,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { definition, workers, logger, runtime } = this.context;
    const jobHandlers = discoverMethods<JobHandlerMetadata>(
      this.discovery,
      this.scanner,
      this.reflector,
      JOB_HANDLER_KEY,
    );
    checkJobHandlers(
      definition.queues ?? [],
      jobHandlers.map((handler) => ({ queue: handler.metadata.queue, where: handler.where })),
    );
    if (workers.has('jobs')) {
      for (const handler of jobHandlers) {
        await this.jobs.process(handler.metadata.queue, (job: Job) => handler.call(job) as Promise<void>, {
          concurrency: handler.metadata.concurrency,
        });
      }
    }
    if (workers.has('consumers')) await this.eventDispatcher().start();
    if (workers.has('relay')) {
      this.relay = new OutboxRelay(this.dataSource, this.bus, logger, { schema: definition.name, ...runtime.relay });
      await this.relay.start();
      this.outbox.attachRelay(this.relay);
    }
  }

  /**
   * This service's consumer group: the one that runs when WORKERS has consumers, or one built to
   * replay a dead letter in a process that only serves HTTP (it is never subscribed there).
   */
  eventDispatcher(): EventDispatcher {
    if (this.dispatcher) return this.dispatcher;
    const { definition, logger } = this.context;
    const handlers = discoverMethods<EventHandlerMetadata>(
      this.discovery,
      this.scanner,
      this.reflector,
      EVENT_HANDLER_KEY,
    );
    this.dispatcher = new EventDispatcher(
      this.bus,
      this.inbox,
      logger,
      { group: definition.name },
      handlers.flatMap(({ metadata, where, call }) =>
        eventHandlers(
          metadata,
          where,
          (payload: unknown, context: EventContext) => call(payload, context) as Promise<void>,
        ),
      ),
    );
    return this.dispatcher;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.outbox.attachRelay(undefined);
    await this.relay?.stop();
    await this.dispatcher?.stop();
    // Infrastructure handed in by the launcher is shared with other services: the launcher closes it.
    if (!this.context.runtime.jobQueue) await this.jobs.close();
    if (!this.context.runtime.eventBus) await this.bus.close();
  }
}
