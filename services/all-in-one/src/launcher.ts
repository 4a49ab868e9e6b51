import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createGatewayApp, serviceUrlKey } from '@projectory/gateway';
import {
  createEventBus,
  createJobQueue,
  createLogger,
  createServiceApp,
  type EventBus,
  infrastructureConfigSchema,
  type JobQueue,
  loadConfig,
  withInfrastructureRules,
} from '@projectory/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { dataDir, localSecrets } from './data-dir.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-database.js';
import { allServices } from './services.js';

export interface RunningProjectory {
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded mode (ARCHITECTURE §2): one process hosting every service as its own Nest app on a
 * loopback port and the gateway in front, exactly as in production. Postgres is embedded unless
 * DATABASE_URL is set; bus and jobs are in-process unless EVENT_BUS / REDIS_URL say otherwise.
 */
export async function startProjectory(env: NodeJS.ProcessEnv = process.env): Promise<RunningProjectory> {
  const logger = createLogger('launcher', env.LOG_LEVEL ?? 'info');
  const started = Date.now();
  const dir = dataDir(env);
  const secrets = localSecrets(dir);
  let database: EmbeddedDatabase | undefined;
  const apps: NestFastifyApplication[] = [];
  let bus: EventBus | undefined;
  let jobs: JobQueue | undefined;

  const stop = async () => {
    // Gateway first so no new request arrives, then services (their relays finish the batch in hand).
    for (const app of apps.reverse()) await app.close().catch((error) => logger.error({ err: error }, 'close failed'));
    await jobs?.close();
    await bus?.close();
    await database?.stop();
  };

  try {
    const databaseUrl =
      env.DATABASE_URL ?? (database = await startEmbeddedDatabase(dir, secrets.postgresPassword, logger)).url;
    const shared: NodeJS.ProcessEnv = {
      ...env,
      INTERNAL_SECRET: env.INTERNAL_SECRET ?? secrets.internalSecret,
      DATABASE_URL: databaseUrl,
      DB_POOL_SIZE: env.DB_POOL_SIZE ?? '5',
      MIGRATE_ON_START: env.MIGRATE_ON_START ?? 'true',
    };
    delete shared.PORT;
    delete shared.HOST;
    const infrastructure = loadConfig('projectory', withInfrastructureRules(infrastructureConfigSchema), shared);
    const sharedBus = (bus = createEventBus(infrastructure, 'projectory', logger));
    const sharedJobs = (jobs = createJobQueue(infrastructure, logger));
    const serviceEnv: NodeJS.ProcessEnv = {
      ...shared,
      // Without SMTP_URL, mails (password reset links) are written here.
      MAIL_DIR: env.MAIL_DIR ?? join(dir, 'mail'),
      // The local FileStore (uploads) when S3_BUCKET is not set (ADR 0010).
      FILES_DIR: env.FILES_DIR ?? join(dir, 'uploads'),
      // Where links in e-mails point; the gateway keeps PUBLIC_ORIGIN for Secure cookies and socket origins.
      PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT || 3000}`,
    };
    const serviceUrls: Record<string, string> = {};
    for (const entry of allServices) {
      const { app } = await createServiceApp(entry, { env: serviceEnv, eventBus: sharedBus, jobQueue: sharedJobs });
      apps.push(app);
      // Any free loopback port: two instances (say, a dev server and the browser tests) never collide.
      await app.listen(0, '127.0.0.1');
      const { port } = app.getHttpServer().address() as AddressInfo;
      serviceUrls[serviceUrlKey(entry.definition.name)] = `http://127.0.0.1:${port}`;
    }
    const { app: gateway, config } = await createGatewayApp({
      env: { ...shared, ...serviceUrls, PUBLIC_ORIGIN: serviceEnv.PUBLIC_ORIGIN, PORT: env.PORT, HOST: env.HOST },
      eventBus: sharedBus,
    });
    apps.push(gateway);
    await gateway.listen(config.PORT, config.HOST);
    const url = `http://${config.HOST === '127.0.0.1' || config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
    logger.info(
      {
        url,
        ms: Date.now() - started,
        embeddedDatabase: !env.DATABASE_URL,
        eventBus: sharedBus.driver,
        jobQueue: sharedJobs.driver,
      },
      'Projectory is running',
    );
    return { url, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
