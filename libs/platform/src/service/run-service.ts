import { ConfigValidationError } from '../config/config.js';
import { migrateDataSource, openDataSource } from '../database/data-source.js';
import { createHttpApp } from './http-app.js';
import {
  createServiceContext,
  type ServiceContext,
  type ServiceEntry,
  type ServiceRuntime,
} from './service-definition.js';
import { ServiceRegistry } from '@projectory/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Builds a service's app without listening: used by the launcher, by tests and by `runService`. */
export async function createServiceApp(
  entry: ServiceEntry,
  runtime: ServiceRuntime = {},
): Promise<{ app: NestFastifyApplication; context: ServiceContext }> {
  const context = createServiceContext(entry.definition, runtime);
  const app = await createHttpApp(entry.module(context), {
    logger: context.logger,
    bodyLimit: context.config.BODY_LIMIT_BYTES,
  });
  return { app, context };
}

/** Applies a service's migrations against DATABASE_URL (distributed mode: `npm run migrate`). */
export async function migrateService(entry: ServiceEntry, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const context = createServiceContext(entry.definition, { env: { ...env, WORKERS: 'none' } });
  const dataSource = await openDataSource({
    schema: entry.definition.name,
    url: context.config.DATABASE_URL,
    migrations: entry.definition.migrations,
    // Two: migrateDataSource holds one connection for its advisory lock while the migrations run on another.
    poolSize: 2,
  });
  try {
    return await migrateDataSource(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * The standalone entry of one service (`node services/<name>/dist/main.js [migrate]`): configuration
 * from the environment, graceful stop on SIGTERM/SIGINT.
 */
export async function runService(
  entry: ServiceEntry,
  argv: string[] = process.argv.slice(2),
  runtime: ServiceRuntime = {},
): Promise<void> {
  try {
    if (argv[0] === 'migrate') {
      const applied = await migrateService(entry);
      console.log(JSON.stringify({ service: entry.definition.name, applied }));
      return;
    }
    const { app, context } = await createServiceApp(entry, runtime);
    app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
    const port = context.config.PORT ?? ServiceRegistry[entry.definition.name].port;
    await app.listen(port, context.config.HOST);
    context.logger.info({ port, host: context.config.HOST, workers: [...context.workers] }, 'service started');
  } catch (error) {
    if (error instanceof ConfigValidationError) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  }
}
