import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ApiStack, startApiStack } from '@projectory/api-stack';
import { describeWithInfra, signUpPerson, waitFor, withDatabase } from '@projectory/testing';
import { headUpload, uploadFile } from './tus-requests.js';

const CLAMD = '/usr/sbin/clamd';
// The EICAR test file: harmless, and every scanner's agreed stand-in for malware.
const EICAR = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const clamdInstalled = await access(CLAMD).then(
  () => true,
  () => false,
);
if (!clamdInstalled && process.env.CI === 'true')
  throw new Error(`${CLAMD} is missing: .ci/run installs clamav-daemon`);
const describeWithClamd = clamdInstalled
  ? describeWithInfra
  : async (_: unknown, name: string, body: () => void) => {
      console.warn(`\n!!! SKIPPED ${name}: ${CLAMD} is not installed (Debian: clamav-daemon).\n`);
      describe.skip(name, body);
    };

/**
 * A real clamd (Debian's clamav-daemon) on a loopback port, with a database of one signature made
 * here (the EICAR string's MD5): no freshclam, no network.
 */
await describeWithClamd(['postgres'], 'uploads scanned by clamd (INSTREAM)', () => {
  let dir: string;
  let clamd: ChildProcess | undefined;
  let stack: ApiStack;
  let port: number;
  const startClamd = async () => {
    clamd = spawn(CLAMD, ['-c', join(dir, 'clamd.conf')], { stdio: 'ignore' });
    await waitFor(() => accepts(port), 30_000, 100);
  };
  const stopClamd = async () => {
    const exited = new Promise((resolve) => clamd?.once('exit', resolve));
    clamd?.kill('SIGTERM');
    await exited;
    await waitFor(async () => !(await accepts(port)), 10_000, 50);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pj-clamd-'));
    port = await freePort();
    const md5 = createHash('md5').update(EICAR).digest('hex');
    await writeFile(join(dir, 'projectory-test.hdb'), `${md5}:${EICAR.length}:Projectory-Test-EICAR\n`);
    await writeFile(
      join(dir, 'clamd.conf'),
      [
        `TCPSocket ${port}`,
        'TCPAddr 127.0.0.1',
        `DatabaseDirectory ${dir}`,
        'Foreground yes',
        `LogFile ${join(dir, 'clamd.log')}`,
        'StreamMaxLength 60M',
      ].join('\n'),
    );
    await startClamd();
    stack = await startApiStack(['identity', 'portfolio'], {
      ARGON2_FAST: 'true',
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      FILES_DIR: join(dir, 'files'),
      CLAMAV_HOST: '127.0.0.1',
      CLAMAV_PORT: String(port),
    });
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    clamd?.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses the EICAR file with 422 MALWARE_DETECTED and removes it; a clean file is stored', async () => {
    const { client } = await signUpPerson(stack, 'student');
    const infected = await uploadFile(client, EICAR, {
      filename: 'eicar.txt',
      filetype: 'text/plain',
      purpose: 'attachment',
    });
    expect(infected.finish.status).toBe(422);
    expect(infected.finish.json()).toMatchObject({
      code: 'MALWARE_DETECTED',
      message: 'The file was refused: the malware scanner found Projectory-Test-EICAR.UNOFFICIAL',
    });
    const clean = await uploadFile(client, Buffer.from('Meeting notes\n'), {
      filename: 'notes.txt',
      filetype: 'text/plain',
      purpose: 'attachment',
    });
    expect(clean.finish.status).toBe(204);
    const statuses = await withDatabase(stack, async (db) =>
      Object.fromEntries(
        (await db.query<{ id: string; status: string }>('SELECT id, status FROM portfolio.uploads')).rows.map((row) => [
          row.id,
          row.status,
        ]),
      ),
    );
    expect(statuses).toEqual({ [infected.id]: 'discarded', [clean.id]: 'stored' });
  });

  it('keeps the bytes when clamd is down (503); the next HEAD finishes the upload once it is back', async () => {
    const { client } = await signUpPerson(stack, 'student');
    await stopClamd();
    const upload = await uploadFile(client, Buffer.from('Report\n'), {
      filename: 'report.txt',
      filetype: 'text/plain',
      purpose: 'attachment',
    });
    expect(upload.finish.status).toBe(503);
    expect(upload.finish.json()).toMatchObject({ code: 'SCANNER_UNAVAILABLE' });
    expect(upload.finish.headers.get('retry-after')).toBe('10');
    const waiting = await headUpload(client, upload.location);
    expect([waiting.status, waiting.headers.get('upload-offset')]).toEqual([503, null]);

    await startClamd();
    const head = await headUpload(client, upload.location);
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([
      200,
      '7',
      '7',
    ]);
    const status = await withDatabase(
      stack,
      async (db) => (await db.query('SELECT status FROM portfolio.uploads WHERE id = $1', [upload.id])).rows[0].status,
    );
    expect(status).toBe('stored');
  });
});
