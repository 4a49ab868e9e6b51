import { join } from 'node:path';
import { createGatewayApp, gatewayConfigSchema, serviceUrlKey } from '@projectory/gateway';
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
import { AppSupervisor, type AppStatus, type Backoff } from './app-supervisor.js';
import { dataDir, localSecrets, lockDataDir } from './data-dir.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-database.js';
import { assertPortFree, portInUseMessage } from './port-check.js';
import { ServiceJobQueue } from './service-job-queue.js';
import { allServices } from './services.js';
import { describeError, StartupError } from './startup-error.js';

export interface RunningProjectory {
  url: string;
  /** The gateway and every service, by name, as the supervisor sees them now. */
  apps: ReadonlyMap<string, AppStatus>;
  /**
   * Settles when the product can no longer run and the process should restart (the embedded
   * PostgreSQL exited without being asked to). Never settles otherwise.
   */
  fatal: Promise<Error>;
  /** Stops everything by `deadline` (epoch ms, default 9 s from now): gateway, services, bus and jobs, Postgres last. */
  stop(deadline?: number): Promise<void>;
}

export interface LauncherOptions {
  /** Restart delays of a failed app (tests shorten them). */
  backoff?: Backoff;
}

/** The share of the stop budget by which each phase must be over; the rest goes to the next one. */
const STOP_PHASES = { gateway: 0.45, services: 0.7, infrastructure: 0.8 } as const;
export const STOP_BUDGET_MS = 9_000;

/**
 * The embedded mode (ARCHITECTURE §2): one process hosting every service as its own Nest app on a
 * loopback port and the gateway in front, exactly as in production. Postgres is embedded unless
 * DATABASE_URL is set; bus and jobs are in-process unless EVENT_BUS / REDIS_URL say otherwise. Each
 * app is supervised (ADR 0012): one that fails is recreated on its port with exponential backoff.
 */
export async function startProjectory(
  env: NodeJS.ProcessEnv = process.env,
  options: LauncherOptions = {},
): Promise<RunningProjectory> {
  const logger = createLogger('launcher', env.LOG_LEVEL ?? 'info');
  const started = Date.now();
  const dir = dataDir(env);
  const secrets = localSecrets(dir);
  const unlock = lockDataDir(dir);
  let database: EmbeddedDatabase | undefined;
  const apps = new Map<string, AppSupervisor>();
  const jobViews: ServiceJobQueue[] = [];
  let bus: EventBus | undefined;
  let jobs: JobQueue | undefined;
  let stopping: Promise<void> | undefined;

  const stop = (deadline = Date.now() + STOP_BUDGET_MS): Promise<void> =>
    (stopping ??= (async () => {
      const begun = Date.now();
      const budget = Math.max(deadline - begun, 0);
      const by = (share: number) => begun + budget * share;
      const step = async (part: string, work: Promise<unknown>, until: number) => {
        const timer = new Promise((resolve) => setTimeout(resolve, Math.max(until - Date.now(), 0)).unref());
        const outcome = await Promise.race([
          work.then(
            () => 'stopped',
            (error: unknown) => `failed: ${describeError(error)}`,
          ),
          timer.then(() => 'abandoned at its deadline'),
        ]);
        logger.info({ part, outcome, ms: Date.now() - begun }, 'stopped');
      };
      // Gateway first so no new request arrives, then services (their relays finish the batch in hand).
      const gateway = apps.get('gateway');
      if (gateway) await step('gateway', gateway.stop(by(STOP_PHASES.gateway)), by(STOP_PHASES.gateway) + 250);
      const services = [...apps.values()].filter((app) => app !== gateway);
      await step('services', Promise.all(services.map((app) => app.stop(by(STOP_PHASES.services)))), by(0.75));
      for (const view of jobViews) await view.close();
      await step('bus and jobs', Promise.all([jobs?.close(), bus?.close()]), by(STOP_PHASES.infrastructure));
      if (database) await step('postgres', database.stop(deadline), deadline + 1_500);
      unlock();
    })());

  try {
    const internalSecret = env.INTERNAL_SECRET ?? secrets.internalSecret;
    // Checked before anything starts: a bad setting or a taken port fails in a moment, not after Postgres.
    const gatewayConfig = loadConfig('gateway', gatewayConfigSchema, { ...env, INTERNAL_SECRET: internalSecret });
    await assertPortFree(gatewayConfig.PORT, gatewayConfig.HOST);
    const databaseUrl =
      env.DATABASE_URL ?? (database = await startEmbeddedDatabase(dir, secrets.postgresPassword, logger)).url;
    const shared: NodeJS.ProcessEnv = {
      ...env,
      INTERNAL_SECRET: internalSecret,
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
      // The credentials issuer's key, generated into the secrets file on the first start (ADR 0020).
      CREDENTIALS_SIGNING_KEY: env.CREDENTIALS_SIGNING_KEY || secrets.credentialsSigningKey,
    };
    const serviceUrls: Record<string, string> = {};
    for (const entry of allServices) {
      const name = entry.definition.name;
      const jobView = new ServiceJobQueue(sharedJobs);
      jobViews.push(jobView);
      const supervisor = new AppSupervisor({
        name,
        logger,
        backoff: options.backoff,
        // Any free loopback port: two instances (say, a dev server and the browser tests) never collide.
        host: '127.0.0.1',
        port: 0,
        create: async () =>
          (
            await createServiceApp(entry, {
              env: { ...serviceEnv, DB_POOL_SIZE: env.DB_POOL_SIZE ?? String(entry.definition.embeddedPoolSize ?? 5) },
              eventBus: sharedBus,
              jobQueue: jobView,
            })
          ).app,
        watchDataSource: true,
        onDown: () => jobView.detach(),
      });
      apps.set(name, supervisor);
      await supervisor.start();
      serviceUrls[serviceUrlKey(name)] = supervisor.url;
    }
    const gateway = new AppSupervisor({
      name: 'gateway',
      logger,
      backoff: options.backoff,
      host: gatewayConfig.HOST,
      port: gatewayConfig.PORT,
      create: async () =>
        (
          await createGatewayApp({
            env: { ...shared, ...serviceUrls, PUBLIC_ORIGIN: serviceEnv.PUBLIC_ORIGIN, PORT: env.PORT, HOST: env.HOST },
            eventBus: sharedBus,
          })
        ).app,
    });
    apps.set('gateway', gateway);
    await gateway.start().catch((error: unknown) => {
      // Taken between the check above and now.
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new StartupError(portInUseMessage(gatewayConfig.PORT, gatewayConfig.HOST));
      }
      throw error;
    });
    const host = gatewayConfig.HOST;
    const url = `http://${host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host}:${gateway.port}`;
    const fatal = new Promise<Error>((resolve) => {
      void database?.exited.then(() => {
        if (!stopping) resolve(new Error('the embedded PostgreSQL exited unexpectedly'));
      });
    });
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
    return { url, apps, fatal, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
