import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { describeError } from './startup-error.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export interface Backoff {
  /** The first restart waits this long; each failure in a row doubles it, up to `maxMs`. */
  initialMs: number;
  maxMs: number;
  /** An app that stayed up this long starts again from `initialMs` when it next fails. */
  resetAfterMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000 };

export interface SupervisedAppOptions {
  name: string;
  create: () => Promise<NestFastifyApplication>;
  host: string;
  /** 0: any free port the first time, then the same port on every restart (the gateway's URLs stay valid). */
  port: number;
  logger: Logger;
  backoff?: Backoff;
  /** Services: a destroyed DataSource counts as a failure too (the gateway has none). */
  watchDataSource?: boolean;
  /** Called when the app went down, before it is closed and recreated. */
  onDown?: () => void;
}

/** What the launcher reports about one app (tests and diagnostics read it). */
export interface AppStatus {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  readonly state: 'starting' | 'up' | 'down' | 'stopped';
  readonly restarts: number;
  /** The running app, while it is up. */
  readonly app: NestFastifyApplication | undefined;
}

/**
 * Keeps one Nest app of the embedded mode running. The app counts as failed when its HTTP server
 * closes or its DataSource is destroyed while the launcher is not stopping; it is then closed (its
 * consumers and relay stop, its port is freed) and created again on the same port, after 1 s, 2 s,
 * 4 s … up to 30 s between attempts. Meanwhile its port is closed, so the gateway's /api/health
 * shows it down. Stopping closes it within a deadline, cutting connections still open then.
 */
export class AppSupervisor implements AppStatus {
  state: AppStatus['state'] = 'starting';
  restarts = 0;
  app: NestFastifyApplication | undefined;
  port: number;
  private attempt = 0;
  private upSince = 0;
  private stopping = false;
  private readonly sockets = new Set<Socket>();
  private retry?: NodeJS.Timeout;
  private probe?: NodeJS.Timeout;
  private closing: Promise<void> = Promise.resolve();
  private readonly backoff: Backoff;

  constructor(private readonly options: SupervisedAppOptions) {
    this.port = options.port;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  get name(): string {
    return this.options.name;
  }

  get url(): string {
    return `http://${this.options.host}:${this.port}`;
  }

  /** The first start: a failure here is the launcher's to report, not retried. */
  async start(): Promise<void> {
    await this.launch();
  }

  private async launch(): Promise<void> {
    const app = await this.options.create();
    const server = app.getHttpServer() as Server;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    try {
      await app.listen(this.port, this.options.host);
    } catch (error) {
      await app.close().catch(() => undefined);
      throw error;
    }
    if (this.port === 0) this.port = (server.address() as AddressInfo).port;
    if (this.stopping) {
      await app.close().catch(() => undefined);
      return;
    }
    this.app = app;
    this.state = 'up';
    this.upSince = Date.now();
    server.once('close', () => this.failed(app, 'its HTTP server closed'));
    const dataSource = this.options.watchDataSource ? app.get(DataSource, { strict: false }) : undefined;
    if (dataSource) {
      this.probe = setInterval(() => {
        if (!dataSource.isInitialized) this.failed(app, 'its DataSource was destroyed');
      }, 500).unref();
    }
  }

  private nextDelay(): number {
    if (this.upSince && Date.now() - this.upSince >= this.backoff.resetAfterMs) this.attempt = 0;
    const delay = Math.min(this.backoff.initialMs * 2 ** this.attempt, this.backoff.maxMs);
    this.attempt += 1;
    return delay;
  }

  private failed(app: NestFastifyApplication, reason: string): void {
    if (this.stopping || this.app !== app) return;
    this.app = undefined;
    this.state = 'down';
    clearInterval(this.probe);
    const delay = this.nextDelay();
    this.options.logger.error({ app: this.name, reason, restartInMs: delay }, 'app failed: restarting it');
    this.options.onDown?.();
    this.closing = this.closeBy(app, Date.now() + 5_000);
    this.retry = setTimeout(() => void this.restart(), delay);
  }

  private async restart(): Promise<void> {
    this.retry = undefined;
    await this.closing;
    if (this.stopping) return;
    try {
      await this.launch();
      this.restarts += 1;
      this.options.logger.info({ app: this.name, url: this.url, restarts: this.restarts }, 'app restarted');
    } catch (error) {
      if (this.stopping) return;
      const delay = this.nextDelay();
      this.options.logger.error(
        { app: this.name, error: describeError(error), restartInMs: delay },
        'app restart failed: trying again',
      );
      this.retry = setTimeout(() => void this.restart(), delay);
    }
  }

  /** Closes the app; whatever is still open at `deadline` (slow uploads, sockets) is cut. */
  private async closeBy(app: NestFastifyApplication, deadline: number): Promise<void> {
    const closed = app.close().catch((error: unknown) => {
      this.options.logger.error({ app: this.name, error: describeError(error) }, 'close failed');
    });
    const finished = await Promise.race([closed.then(() => true), sleep(deadline - Date.now()).then(() => false)]);
    if (finished) return;
    this.options.logger.warn(
      { app: this.name, connections: this.sockets.size },
      'still closing at its deadline: cutting its open connections',
    );
    for (const socket of this.sockets) socket.destroy();
    await Promise.race([closed, sleep(500)]);
  }

  /** Stops supervising and closes the app by `deadline` (epoch ms). */
  async stop(deadline: number): Promise<void> {
    this.stopping = true;
    clearTimeout(this.retry);
    clearInterval(this.probe);
    const app = this.app;
    this.app = undefined;
    this.state = 'stopped';
    await Promise.race([this.closing, sleep(deadline - Date.now())]);
    if (app) await this.closeBy(app, deadline);
  }
}
