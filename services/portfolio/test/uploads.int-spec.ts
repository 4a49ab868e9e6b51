import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import { type ApiClient, describeWithInfra, signUpPerson, withDatabase } from '@projectory/testing';
import { createUpload, deleteUpload, headUpload, patchUpload, uploadFile } from './tus-requests.js';

const MB = 1000 * 1000;
const QUOTA = 12 * MB;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0x11)]);
const PE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(64),
]);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface UploadRecord {
  status: string;
  file_type: string | null;
  file_size: string | null;
  sha256: string | null;
  file_name: string;
  file_key: string | null;
}

await describeWithInfra(['postgres'], 'uploads (tus) through the gateway', () => {
  const stack = useApiStack(
    ['identity', 'portfolio'],
    { UPLOAD_QUOTA_BYTES: String(QUOTA) },
    { tempDir: { env: 'FILES_DIR', prefix: 'pj-uploads-' } },
  );

  const student = async (): Promise<ApiClient> => (await signUpPerson(stack, 'student')).client;
  const record = (id: string) =>
    withDatabase(
      stack,
      async (db) => (await db.query<UploadRecord>('SELECT * FROM portfolio.uploads WHERE id = $1', [id])).rows[0],
    );
  const staged = async () => (await readdir(join(stack.tempDir, '.staging')).catch(() => [])).sort();

  it('creates, resumes and finishes an upload: relative Location, offsets, the stored file and its SHA-256', async () => {
    const client = await student();
    const created = await createUpload(client, PDF.length, {
      filename: 'My Work.pdf',
      filetype: 'application/pdf',
      purpose: 'portfolio',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const id = location.split('/').pop()!;

    const first = await patchUpload(client, location, 0, PDF.subarray(0, 10));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('10');
    const head = await headUpload(client, location);
    expect(head.status).toBe(200);
    expect([head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual(['10', String(PDF.length)]);
    expect(head.headers.get('cache-control')).toBe('no-store');
    // A wrong offset is a conflict; nothing is written.
    expect((await patchUpload(client, location, 3, PDF.subarray(3))).status).toBe(409);

    const last = await patchUpload(client, location, 10, PDF.subarray(10));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(PDF.length));
    expect(await record(id)).toMatchObject({
      status: 'stored',
      file_type: 'application/pdf',
      file_size: String(PDF.length),
      sha256: sha256(PDF),
      file_name: 'My Work.pdf',
    });
    const stored = await record(id);
    expect(await readFile(join(stack.tempDir, stored!.file_key!))).toEqual(PDF);
    expect(await staged()).not.toContain(id);
    // Finished: HEAD says complete, another PATCH is refused.
    const after = await headUpload(client, location);
    expect([after.status, after.headers.get('upload-offset')]).toEqual([200, String(PDF.length)]);
    expect((await patchUpload(client, location, PDF.length, new Uint8Array())).status).toBe(409);
  });

  it.each([
    ['an ELF executable named .pdf', ELF, 'report.pdf', 'application/pdf'],
    ['a Windows executable named .pdf', PE, 'report.pdf', 'application/pdf'],
    ['binary bytes named .txt', Buffer.from([0x68, 0x69, 0x00, 0xff, 0xfe, 0x01]), 'notes.txt', 'text/plain'],
    ['text not declared as text', Buffer.from('just words'), 'notes.pdf', 'application/pdf'],
  ])('refuses %s with 415 and removes its bytes', async (_, bytes, filename, filetype) => {
    const client = await student();
    const { id, location, finish } = await uploadFile(client, bytes, { filename, filetype, purpose: 'portfolio' });
    expect(finish.status).toBe(415);
    expect(finish.headers.get('content-type')).toMatch(/^application\/json/);
    expect(finish.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(finish.json().correlationId).toEqual(expect.any(String));
    expect((await record(id))?.status).toBe('discarded');
    expect((await staged()).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await headUpload(client, location)).status).toBe(404);
  });

  it('accepts UTF-8 text declared as text, and an avatar only as PNG, JPEG or WebP', async () => {
    const client = await student();
    const text = Buffer.from('Notes — résumé ✓\n');
    const notes = await uploadFile(client, text, {
      filename: 'notes.md',
      filetype: 'text/markdown',
      purpose: 'attachment',
    });
    expect(notes.finish.status).toBe(204);
    expect((await record(notes.id))?.file_type).toBe('text/plain');

    const avatar = await uploadFile(client, PNG, { filename: 'me.png', filetype: 'image/png', purpose: 'avatar' });
    expect(avatar.finish.status).toBe(204);
    expect((await record(avatar.id))?.file_type).toBe('image/png');
    const pdfAvatar = await uploadFile(client, PDF, { filename: 'me.png', filetype: 'image/png', purpose: 'avatar' });
    expect(pdfAvatar.finish.status).toBe(415);
  });

  it("refuses a declared length over the purpose's limit with 413 at creation, and more bytes than declared", async () => {
    const client = await student();
    const tooBig = await createUpload(client, 50 * MB + 1, { filename: 'a.pdf', purpose: 'portfolio' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: 'A portfolio file may be at most 50 MB' });
    const bigAvatar = await createUpload(client, 5 * MB + 1, { filename: 'a.png', purpose: 'avatar' });
    expect([bigAvatar.status, bigAvatar.json().code]).toEqual([413, 'UPLOAD_TOO_LARGE']);
    expect((await createUpload(client, 5 * MB, { filename: 'a.png', purpose: 'avatar' })).status).toBe(201);

    const created = await createUpload(client, 10, { filename: 'a.pdf', purpose: 'portfolio' });
    const location = created.headers.get('location')!;
    expect((await patchUpload(client, location, 0, Buffer.alloc(11, 0x41))).status).toBe(413);
    expect((await headUpload(client, location)).headers.get('upload-offset')).toBe('0');
  });

  it('refuses creations without the fields it needs, naming them', async () => {
    const client = await student();
    const missing = await createUpload(client, 10, { filename: 'a.pdf' });
    expect(missing.status).toBe(400);
    expect(missing.json().issues).toEqual([
      { path: 'purpose', message: 'Purpose must be one of portfolio, attachment, avatar' },
    ]);
    const deferred = await createUpload(
      client,
      10,
      { filename: 'a.pdf', purpose: 'portfolio' },
      { 'upload-defer-length': '1', 'upload-length': '' },
    );
    expect(deferred.status).toBe(400);
    expect(deferred.json().issues[0].path).toBe('Upload-Length');
  });

  it("keeps each user's stored and staged bytes within the quota (413 with a clear message), freed by DELETE", async () => {
    const client = await student();
    const first = await createUpload(client, 5 * MB, { filename: 'a.pdf', purpose: 'portfolio' });
    const second = await createUpload(client, 5 * MB, { filename: 'b.pdf', purpose: 'portfolio' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const over = await createUpload(client, 3 * MB, { filename: 'c.pdf', purpose: 'portfolio' });
    expect(over.status).toBe(413);
    expect(over.json()).toMatchObject({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      message: 'Your files may take up to 12 MB in all; 10 MB are in use. Remove some to upload more',
    });
    // Another user has a quota of their own.
    expect((await createUpload(await student(), 3 * MB, { filename: 'c.pdf', purpose: 'portfolio' })).status).toBe(201);
    expect((await deleteUpload(client, first.headers.get('location')!)).status).toBe(204);
    expect((await createUpload(client, 3 * MB, { filename: 'c.pdf', purpose: 'portfolio' })).status).toBe(201);
  });

  it('DELETE cancels an unfinished upload of its owner (its bytes removed); others get 404 for every method', async () => {
    const owner = await student();
    const stranger = await student();
    const created = await createUpload(owner, PDF.length, { filename: 'a.pdf', purpose: 'portfolio' });
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    await patchUpload(owner, location, 0, PDF.subarray(0, 5));
    expect(await staged()).toEqual(expect.arrayContaining([id, `${id}.json`]));

    expect((await headUpload(stranger, location)).status).toBe(404);
    expect((await patchUpload(stranger, location, 5, PDF.subarray(5))).status).toBe(404);
    const foreignDelete = await deleteUpload(stranger, location);
    expect([foreignDelete.status, foreignDelete.json().code]).toEqual([404, 'UPLOAD_NOT_FOUND']);
    expect((await headUpload(owner, location)).headers.get('upload-offset')).toBe('5');

    const cancelled = await deleteUpload(owner, location);
    expect(cancelled.status).toBe(204);
    expect(cancelled.headers.get('tus-resumable')).toBe('1.0.0');
    expect((await staged()).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await headUpload(owner, location)).status).toBe(404);
    expect((await patchUpload(owner, location, 5, PDF.subarray(5))).status).toBe(404);
    expect((await deleteUpload(owner, location)).status).toBe(404);
    expect((await headUpload(owner, '/api/uploads/not-an-id')).status).toBe(404);
  });

  it('DELETE removes a finished upload nothing uses, and refuses one in use (409)', async () => {
    const client = await student();
    const unused = await uploadFile(client, PDF, { filename: 'a.pdf', purpose: 'portfolio' });
    const key = (await record(unused.id))!.file_key!;
    expect((await deleteUpload(client, unused.location)).status).toBe(204);
    await expect(readFile(join(stack.tempDir, key))).rejects.toThrow('ENOENT');

    const used = await uploadFile(client, PDF, { filename: 'b.pdf', purpose: 'portfolio' });
    await withDatabase(stack, (db) =>
      db.query('UPDATE portfolio.uploads SET taken_at = now() WHERE id = $1', [used.id]),
    );
    const refused = await deleteUpload(client, used.location);
    expect([refused.status, refused.json().code]).toEqual([409, 'UPLOAD_IN_USE']);
  });

  it('needs a signed-in caller (401) and the CSRF token on mutations (403)', async () => {
    const anonymous = stack.client();
    const created = await createUpload(anonymous, 10, { filename: 'a.pdf', purpose: 'portfolio' });
    expect([created.status, created.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    const client = await student();
    const noToken = await fetch(`${stack.base}/api/uploads`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', cookie: client.cookieHeader },
    });
    expect(noToken.status).toBe(403);
    expect(((await noToken.json()) as { code: string }).code).toBe('CSRF_INVALID');
  });

  it('serves an avatar in use to signed-in users: inline image, nosniff, sandbox CSP, cache headers', async () => {
    const owner = await student();
    const avatar = await uploadFile(owner, PNG, { filename: 'me.png', filetype: 'image/png', purpose: 'avatar' });
    const viewer = await student();
    // Not yet taken: not served.
    expect((await viewer.get(`/api/uploads/${avatar.id}/file`)).status).toBe(404);
    await withDatabase(stack, (db) =>
      db.query('UPDATE portfolio.uploads SET taken_at = now() WHERE id = $1', [avatar.id]),
    );
    const image = await fetch(`${stack.base}/api/uploads/${avatar.id}/file`, {
      headers: { cookie: viewer.cookieHeader },
    });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect(
      Object.fromEntries(
        [
          'content-type',
          'content-length',
          'x-content-type-options',
          'content-security-policy',
          'content-disposition',
          'etag',
        ].map((name) => [name, image.headers.get(name)]),
      ),
    ).toEqual({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'content-disposition': "inline; filename*=UTF-8''me.png",
      etag: `"${sha256(PNG)}"`,
    });
    expect(image.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
    const again = await fetch(`${stack.base}/api/uploads/${avatar.id}/file`, {
      headers: { cookie: viewer.cookieHeader, 'if-none-match': `"${sha256(PNG)}"` },
    });
    expect(again.status).toBe(304);
    // Signed out: 401. A portfolio file is never served here.
    expect((await stack.client().get(`/api/uploads/${avatar.id}/file`)).status).toBe(401);
    const work = await uploadFile(owner, PDF, { filename: 'a.pdf', purpose: 'portfolio' });
    await withDatabase(stack, (db) =>
      db.query('UPDATE portfolio.uploads SET taken_at = now() WHERE id = $1', [work.id]),
    );
    expect((await viewer.get(`/api/uploads/${work.id}/file`)).status).toBe(404);
  });
});
