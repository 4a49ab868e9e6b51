import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, signUpPerson, waitFor, withDatabase } from '@projectory/testing';
import { createUpload, encodeMetadata, headUpload, patchUpload } from './tus-requests.js';

const MB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

await describeWithInfra(['postgres'], 'uploads survive a portfolio restart, and expire', () => {
  const stack = useApiStack(
    ['identity', 'portfolio'],
    // The expiry sweep runs this often (10 minutes by default).
    { UPLOAD_SWEEP_MS: '200' },
    { tempDir: { env: 'FILES_DIR', prefix: 'pj-upload-resume-' } },
  );

  const stagedSize = (id: string) =>
    stat(join(stack.tempDir, '.staging', id)).then(
      (stats) => stats.size,
      () => 0,
    );

  it('resumes after the portfolio service is killed mid-upload; the stored SHA-256 is the source file’s', async () => {
    const { client } = await signUpPerson(stack, 'student');
    const source = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(6 * MB)]);
    const created = await createUpload(client, source.length, {
      filename: 'thesis.pdf',
      filetype: 'application/pdf',
      purpose: 'portfolio',
    });
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;

    // One PATCH for the whole file, of which only the first 2 MB ever arrive: the service dies meanwhile.
    const sent = 2 * MB;
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        feed = controller;
        controller.enqueue(source.subarray(0, sent));
      },
    });
    const patch = fetch(`${stack.base}${location}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(source.length),
        'x-csrf-token': await client.csrfToken(),
        cookie: client.cookieHeader,
      },
      body,
      duplex: 'half',
    } as RequestInit).then(
      (response) => response.status,
      () => 'connection lost',
    );
    await waitFor(async () => (await stagedSize(id)) === sent, 10_000);
    await stack.restart('portfolio');
    feed.error(new Error('the client gives up this request'));
    expect(await patch).not.toBe(204);

    // A new process: tus's record (`<id>.json`) and the bytes on disk say where to go on.
    const head = await headUpload(client, location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(sent);
    expect(head.headers.get('upload-length')).toBe(String(source.length));
    expect(head.headers.get('upload-metadata')).toBe(
      encodeMetadata({ filename: 'thesis.pdf', filetype: 'application/pdf', purpose: 'portfolio' }),
    );
    const rest = await patchUpload(client, location, offset, source.subarray(offset));
    expect(rest.status).toBe(204);

    const stored = await withDatabase(
      stack,
      async (db) =>
        (await db.query('SELECT status, sha256, file_size, file_key FROM portfolio.uploads WHERE id = $1', [id]))
          .rows[0],
    );
    expect(stored).toMatchObject({ status: 'stored', sha256: sha256(source), file_size: String(source.length) });
    expect(sha256(await readFile(join(stack.tempDir, stored.file_key)))).toBe(sha256(source));
  });

  it('removes unfinished uploads, and finished ones nothing used, once they expire (bytes and record)', async () => {
    const { client } = await signUpPerson(stack, 'student');
    const ids = async (metadata: { filename: string; purpose: string }, size: number) => {
      const created = await createUpload(client, size, metadata);
      return created.headers.get('location')!;
    };
    const unfinished = await ids({ filename: 'a.pdf', purpose: 'portfolio' }, 100);
    await patchUpload(client, unfinished, 0, Buffer.from('%PDF-1.4 partial'));
    const unused = await ids({ filename: 'b.txt', purpose: 'attachment' }, 5);
    await patchUpload(client, unused, 0, Buffer.from('hello'));
    const used = await ids({ filename: 'c.txt', purpose: 'attachment' }, 5);
    await patchUpload(client, used, 0, Buffer.from('hello'));
    const fresh = await ids({ filename: 'd.pdf', purpose: 'portfolio' }, 100);
    const id = (location: string) => location.split('/').pop()!;
    const keys = await withDatabase(stack, async (db) => {
      await db.query('UPDATE portfolio.uploads SET taken_at = now() WHERE id = $1', [id(used)]);
      await db.query("UPDATE portfolio.uploads SET expires_at = now() - interval '1 second' WHERE id = ANY($1)", [
        [id(unfinished), id(unused), id(used)],
      ]);
      return (await db.query('SELECT id, file_key FROM portfolio.uploads')).rows as { id: string; file_key: string }[];
    });
    const keyOf = (location: string) => keys.find((row) => row.id === id(location))!.file_key;

    const statuses = () =>
      withDatabase(stack, async (db) =>
        Object.fromEntries(
          (await db.query('SELECT id, status FROM portfolio.uploads')).rows.map((row) => [row.id, row.status]),
        ),
      );
    // The sweep commits the statuses first and removes the bytes after: wait for both.
    const stagedNow = () => readdir(join(stack.tempDir, '.staging'));
    const gone = (path: string) =>
      stat(path).then(
        () => false,
        () => true,
      );
    await waitFor(
      async () =>
        (await statuses())[id(unfinished)] === 'discarded' &&
        !(await stagedNow()).some((name) => name.startsWith(id(unfinished))) &&
        (await gone(join(stack.tempDir, keyOf(unused)))),
    );
    expect(await statuses()).toMatchObject({
      [id(unfinished)]: 'discarded',
      [id(unused)]: 'discarded',
      [id(used)]: 'stored',
      [id(fresh)]: 'receiving',
    });
    const staged = await stagedNow();
    expect(staged.filter((name) => name.startsWith(id(unfinished)))).toEqual([]);
    expect(staged).toContain(id(fresh));
    await expect(stat(join(stack.tempDir, keyOf(unused)))).rejects.toThrow('ENOENT');
    expect((await stat(join(stack.tempDir, keyOf(used)))).size).toBe(5);
    expect((await headUpload(client, unfinished)).status).toBe(404);
  });
});
