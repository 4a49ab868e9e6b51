import type { QueueName, ServiceName } from '@projectory/contracts';
import type { DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  loadConfig,
  parseWorkers,
  serviceConfigSchema,
  withInfrastructureRules,
  type ServiceConfig,
  type WorkerKind,
} from '../config/config.js';
import type { MigrationClass } from '../database/data-source.js';
import type { EventBus } from '../events/event-bus.js';
import type { OutboxRelayOptions } from '../events/outbox-relay.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createLogger } from '../logging/logger.js';

/** What a service declares about itself; the platform wires the rest. */
export interface ServiceDefinition<Extra extends z.ZodRawShape = z.ZodRawShape> {
  name: ServiceName;
  migrations: MigrationClass[];
  /** Queues this service owns: each needs exactly one @JobHandler. */
  queues?: readonly QueueName[];
  /** The service's own configuration keys, validated with the common ones at start. */
  config?: Extra;
  /**
   * Its database pool in the embedded mode, where every service shares one Postgres and one process
   * (DB_POOL_SIZE overrides it); default 5. A chat send holds a connection for its whole transaction,
   * so the service on that path needs more than the others.
   */
  embeddedPoolSize?: number;
}

/** What the process hosting the service provides: the launcher shares one in-process bus, tests inject faults. */
export interface ServiceRuntime {
  env?: NodeJS.ProcessEnv;
  eventBus?: EventBus;
  jobQueue?: JobQueue;
  logger?: Logger;
  relay?: Pick<OutboxRelayOptions, 'afterPublish' | 'pollMs'>;
}

export interface ServiceContext<Extra extends z.ZodRawShape = z.ZodRawShape> {
  definition: ServiceDefinition<Extra>;
  config: ServiceConfig & z.infer<z.ZodObject<Extra>>;
  logger: Logger;
  workers: Set<WorkerKind>;
  runtime: ServiceRuntime;
}

/** A service as the launchers see it: its definition and its module. */
export interface ServiceEntry<Extra extends z.ZodRawShape = z.ZodRawShape> {
  definition: ServiceDefinition<Extra>;
  module(context: ServiceContext<Extra>): DynamicModule;
}

export const SERVICE_CONTEXT = Symbol('SERVICE_CONTEXT');
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const LOGGER = Symbol('LOGGER');

/** Validates the environment against the service's schema (every problem at once) and builds its logger. */
export function createServiceContext<Extra extends z.ZodRawShape>(
  definition: ServiceDefinition<Extra>,
  runtime: ServiceRuntime = {},
): ServiceContext<Extra> {
  const schema = withInfrastructureRules(serviceConfigSchema.extend(definition.config ?? ({} as Extra)));
  const config = loadConfig(definition.name, schema, runtime.env ?? process.env) as ServiceContext<Extra>['config'];
  return {
    definition,
    config,
    logger: runtime.logger ?? createLogger(definition.name, config.LOG_LEVEL),
    workers: parseWorkers(config.WORKERS),
    runtime,
  };
}
