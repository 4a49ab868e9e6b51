import { expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import type { Message } from '@projectory/contracts';
import { describeWithInfra, type Person, withDatabase } from '@projectory/testing';
import { acceptedMatch, person, rowExists, sent } from './conversation-fixture.js';

/** A file the server takes for a PDF (the type comes from the bytes): exactly `size` bytes. */
function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, '%'), tail]);
}

/**
 * API.md "Messaging and notifications", attachments: tus uploads of purpose `attachment` owned by the
 * portfolio service, sent in a message and served by messaging to the conversation's two participants.
 */
await describeWithInfra(['postgres'], 'message attachments', () => {
  const stack = useApiStack(
    ['identity', 'projects', 'matching', 'portfolio', 'messaging'],
    { ATTACHMENT_WAIT_MS: '1000' },
    { tempDir: { env: 'FILES_DIR', prefix: 'messaging-attachments-' } },
  );

  /** A tus request as the browser's tus client sends it (session cookie, CSRF token). */
  async function tus(
    who: Person,
    method: 'POST' | 'PATCH',
    path: string,
    headers: Record<string, string>,
    body?: Buffer,
  ) {
    return fetch(`${stack.base}${path}`, {
      method,
      headers: {
        'tus-resumable': '1.0.0',
        'x-csrf-token': await who.client.csrfToken(),
        cookie: who.client.cookieHeader,
        ...headers,
      },
      body,
    });
  }

  /** An `attachment` upload: created, and finished unless told otherwise. Its id. */
  async function upload(who: Person, bytes: Buffer, fileName = 'brief.pdf', finish = true): Promise<string> {
    const metadata = [
      `filename ${Buffer.from(fileName).toString('base64')}`,
      `filetype ${Buffer.from('application/pdf').toString('base64')}`,
      `purpose ${Buffer.from('attachment').toString('base64')}`,
    ].join(',');
    const created = await tus(who, 'POST', '/api/uploads', {
      'upload-length': String(bytes.length),
      'upload-metadata': metadata,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    if (finish) {
      const patched = await tus(
        who,
        'PATCH',
        location,
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        bytes,
      );
      expect(patched.status).toBe(204);
    }
    return location.split('/').pop()!;
  }

  const refusal = async (who: Person, body: Record<string, unknown>) => {
    const response = await who.client.post('/api/messages', body);
    expect(response.status).toBe(400);
    return response.json<{ code: string; issues: Array<{ path: string; message: string }> }>();
  };

  it('sends a file with empty content; both participants download it with safe headers, a stranger 404', async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    const bytes = pdfBytes(4096);
    const uploadId = await upload(employer, bytes, 'Project "brief" é.pdf');

    const message = await sent(employer, { matchId, content: '  ', uploadId });
    expect(message).toMatchObject({
      content: '',
      attachment: { id: uploadId, fileName: 'Project _brief_ é.pdf', fileType: 'application/pdf', fileSize: 4096 },
    });
    const thread = await student.client.get(`/api/messages/match/${matchId}`);
    expect(thread.json<{ items: Message[] }>().items[0]!.attachment).toEqual(message.attachment);

    for (const who of [student, employer]) {
      const response = await fetch(`${stack.base}/api/messages/attachments/${uploadId}`, {
        headers: { cookie: who.client.cookieHeader },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="Project _brief_ _.pdf"; filename*=UTF-8''Project%20_brief_%20%C3%A9.pdf`,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe('sandbox');
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }

    const stranger = await person(stack, 'student');
    expect((await stranger.client.get(`/api/messages/attachments/${uploadId}`)).status).toBe(404);
    expect((await stranger.client.get('/api/messages/attachments/not-an-id')).status).toBe(404);
    // The portfolio service hears of it and marks the upload used, so its sweep leaves the file alone.
    await rowExists(stack, 'SELECT 1 FROM portfolio.uploads WHERE id = $1 AND taken_at IS NOT NULL', [uploadId]);
  });

  it("refuses someone else's upload and an unfinished one, naming uploadId", async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    const theirs = await upload(employer, pdfBytes(2048));
    await rowExists(stack, 'SELECT 1 FROM messaging.attachment_uploads WHERE upload_id = $1', [theirs]);
    expect((await refusal(student, { matchId, content: 'Here', uploadId: theirs })).issues).toEqual([
      { path: 'uploadId', message: 'Upload not found or not finished' },
    ]);
    const unfinished = await upload(student, pdfBytes(2048), 'draft.pdf', false);
    expect((await refusal(student, { matchId, content: 'Here', uploadId: unfinished })).issues).toEqual([
      { path: 'uploadId', message: 'Upload not found or not finished' },
    ]);
    expect((await refusal(student, { matchId, content: 'Here', uploadId: 'nope' })).issues).toEqual([
      { path: 'uploadId', message: 'uploadId must be an upload id' },
    ]);
    expect((await refusal(student, { matchId, content: '' })).issues).toEqual([
      { path: 'content', message: 'Message cannot be empty' },
    ]);
  });

  it('attaches an upload once; a retry of the same send is the first message', async () => {
    const { student, matchId } = await acceptedMatch(stack);
    const uploadId = await upload(student, pdfBytes(3000));
    const first = await sent(student, { matchId, content: 'My CV', uploadId, clientMessageId: 'cv-1' });

    const retry = await student.client.post('/api/messages', {
      matchId,
      content: 'My CV',
      uploadId,
      clientMessageId: 'cv-1',
    });
    expect(retry.status).toBe(200);
    expect(retry.json<Message>().id).toBe(first.id);

    expect((await refusal(student, { matchId, content: 'Again', uploadId })).issues).toEqual([
      { path: 'uploadId', message: 'This file was already sent in a message' },
    ]);
    const rows = await withDatabase(
      stack,
      async (db) => (await db.query('SELECT seq FROM messaging.messages WHERE match_id = $1', [matchId])).rows,
    );
    expect(rows).toEqual([{ seq: 1 }]);
  });
});
