import { type ChildProcess, fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type ApiStack, startApiStack } from '@projectory/api-stack';
import type { PortfolioItem, UserSkill } from '@projectory/contracts';
import { describeWithInfra, signUpPerson } from '@projectory/testing';
import { skillCatalogV1 } from '../src/catalog/skills.catalog.js';
import { uploadFile } from './tus-requests.js';

const BUCKET = 'pj-portfolio-items';
// The fake S3 of the FileStore contract suite, in a process of its own.
const S3RVER = fileURLToPath(new URL('../../../libs/platform/test/s3rver-server.mjs', import.meta.url));

await describeWithInfra(['postgres'], 'portfolio files when S3 holds them', () => {
  let stack: ApiStack;
  let s3: ChildProcess | undefined;
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'pj-portfolio-s3-'));
    const child = fork(S3RVER, [join(scratch, 's3'), BUCKET], {
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    s3 = child;
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message) => resolve((message as { port: number }).port));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    });
    stack = await startApiStack(['identity', 'portfolio'], {
      ARGON2_FAST: 'true',
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_STAGING_DIR: join(scratch, 'staging'),
    });
  });

  afterAll(async () => {
    await stack?.stop();
    if (s3?.connected) {
      const exited = once(s3, 'exit');
      s3.disconnect();
      await exited;
    }
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('streams an item’s file from the bucket to its owner with the same headers, and to no stranger', async () => {
    const student = await signUpPerson(stack, 'student');
    const skill = (
      await student.client.post('/api/users/me/skills', {
        skillId: skillCatalogV1.find((entry) => entry.name === 'TypeScript')!.id,
        proficiencyLevel: 'Advanced',
      })
    ).json<UserSkill>();
    const source = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024)]);
    const sent = await uploadFile(student.client, source, { filename: 'Résumé.pdf', purpose: 'portfolio' });
    expect(sent.finish.status).toBe(204);
    const created = await student.client.post('/api/portfolios', {
      userSkillId: skill.id,
      uploadId: sent.id,
      title: 'Résumé',
      description: 'My résumé with the projects I built.',
    });
    expect(created.status).toBe(201);
    const item = created.json<PortfolioItem>();
    expect(item.sha256).toBe(createHash('sha256').update(source).digest('hex'));

    const response = await fetch(`${stack.base}${item.fileUrl}`, { headers: { cookie: student.client.cookieHeader } });
    expect(response.status).toBe(200);
    expect({
      type: response.headers.get('content-type'),
      length: response.headers.get('content-length'),
      disposition: response.headers.get('content-disposition'),
      nosniff: response.headers.get('x-content-type-options'),
      csp: response.headers.get('content-security-policy'),
    }).toEqual({
      type: 'application/pdf',
      length: String(source.length),
      disposition: `attachment; filename="R_sum_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`,
      nosniff: 'nosniff',
      csp: 'sandbox',
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(source)).toBe(true);

    const stranger = await signUpPerson(stack, 'student');
    const refused = await fetch(`${stack.base}${item.fileUrl}`, { headers: { cookie: stranger.client.cookieHeader } });
    expect(refused.status).toBe(404);
  });
});
