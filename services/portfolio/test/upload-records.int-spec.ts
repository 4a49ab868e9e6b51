import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { INTERNAL_IDENTITY_HEADER } from '@projectory/contracts';
import {
  AppException,
  createServiceApp,
  FILE_STORE,
  type FileStore,
  MemoryEventBus,
  MemoryJobQueue,
  signIdentity,
} from '@projectory/platform';
import {
  createTestDatabase,
  describeWithInfra,
  http,
  listenOnFreePort,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
} from '@projectory/testing';
import { DataSource } from 'typeorm';
import { portfolioService } from '../src/portfolio.module.js';
import { UploadRepository } from '../src/repositories/upload.repository.js';
import { type StoredUpload, UploadService } from '../src/uploads/upload.service.js';
import { UploadStaging } from '../src/uploads/upload-staging.js';

await describeWithInfra(['postgres'], 'upload records: takeFinished and discard', () => {
  let database: TestDatabase;
  let filesDir: string;
  let app: NestFastifyApplication;
  let uploads: UploadService;
  let repository: UploadRepository;
  let files: FileStore;
  let staging: UploadStaging;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    filesDir = await mkdtemp(join(tmpdir(), 'pj-upload-records-'));
    ({ app } = await createServiceApp(portfolioService, {
      env: {
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        DATABASE_URL: database.url,
        MIGRATE_ON_START: 'true',
        DB_POOL_SIZE: '3',
        LOG_LEVEL: 'silent',
        WORKERS: 'none',
        FILES_DIR: filesDir,
      },
      eventBus: new MemoryEventBus(),
      jobQueue: new MemoryJobQueue(),
    }));
    uploads = app.get(UploadService);
    repository = app.get(UploadRepository);
    files = app.get<FileStore>(FILE_STORE);
    staging = app.get(UploadStaging);
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(filesDir, { recursive: true, force: true });
  });

  /** An upload record as the tus pipeline leaves it: receiving, or stored with its file in the FileStore. */
  async function upload(ownerId: string, purpose: StoredUpload['purpose'], stored = true): Promise<StoredUpload> {
    const id = randomUUID();
    const body = Buffer.from(`%PDF-1.4 ${id}`);
    await repository.insert(dataSource, {
      id,
      ownerId,
      purpose,
      declaredSize: body.length,
      declaredType: 'application/pdf',
      fileName: 'work.pdf',
      expiresInMs: 60_000,
    });
    const fileKey = `uploads/${id}`;
    const sha256 = 'a'.repeat(64);
    if (stored) {
      await files.put(fileKey, Readable.from([body]), { contentType: 'application/pdf' });
      expect(
        await repository.markStored(dataSource, id, {
          fileType: 'application/pdf',
          fileSize: body.length,
          sha256,
          fileKey,
          expiresInMs: 60_000,
        }),
      ).toBe(true);
    }
    return {
      id,
      ownerId,
      purpose,
      fileKey,
      fileName: 'work.pdf',
      fileType: 'application/pdf',
      fileSize: body.length,
      sha256,
    };
  }

  let url: string | undefined;
  const base = async () => (url ??= await listenOnFreePort(app));

  const take = (input: { uploadId: string; ownerId: string; purpose: StoredUpload['purpose'] }) =>
    dataSource.transaction((manager) => uploads.takeFinished(manager, input));

  async function refusal(promise: Promise<unknown>): Promise<AppException> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppException);
    return error as AppException;
  }

  it('takes a stored upload of the owner and purpose once, and returns its record', async () => {
    const owner = randomUUID();
    const stored = await upload(owner, 'portfolio');
    await expect(take({ uploadId: stored.id, ownerId: owner, purpose: 'portfolio' })).resolves.toEqual(stored);
    const again = await refusal(take({ uploadId: stored.id, ownerId: owner, purpose: 'portfolio' }));
    expect({ status: again.statusCode, code: again.code, issues: again.issues }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'uploadId', message: 'Upload not found or not finished' }],
    });
  });

  it.each([
    ['another owner', { owner: randomUUID() }],
    ['another purpose', { purpose: 'avatar' as const }],
    ['an unfinished upload', { stored: false }],
    ['an unknown id', { id: randomUUID() }],
    ['an id that is not a UUID', { id: 'not-a-uuid' }],
  ])('refuses %s with the same 400 naming uploadId', async (_, change) => {
    const owner = randomUUID();
    const record = await upload(owner, 'portfolio', !('stored' in change));
    const error = await refusal(
      take({
        uploadId: 'id' in change ? change.id : record.id,
        ownerId: 'owner' in change ? change.owner : owner,
        purpose: 'purpose' in change ? change.purpose : 'portfolio',
      }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.issues).toEqual([{ path: 'uploadId', message: 'Upload not found or not finished' }]);
  });

  it('a rolled-back take leaves the upload to take again', async () => {
    const owner = randomUUID();
    const stored = await upload(owner, 'avatar');
    await expect(
      dataSource.transaction(async (manager) => {
        await uploads.takeFinished(manager, { uploadId: stored.id, ownerId: owner, purpose: 'avatar' });
        throw new Error('the caller failed after taking');
      }),
    ).rejects.toThrow('the caller failed');
    await expect(take({ uploadId: stored.id, ownerId: owner, purpose: 'avatar' })).resolves.toEqual(stored);
  });

  it('discard removes the stored file once the transaction commits, and not when it rolls back', async () => {
    const owner = randomUUID();
    const stored = await upload(owner, 'portfolio');
    await take({ uploadId: stored.id, ownerId: owner, purpose: 'portfolio' });

    await expect(
      dataSource.transaction(async (manager) => {
        await uploads.discard(manager, stored.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await files.exists(stored.fileKey)).toBe(true);

    await dataSource.transaction(async (manager) => {
      await uploads.discard(manager, stored.id);
      expect(await files.exists(stored.fileKey)).toBe(true);
    });
    expect(await files.exists(stored.fileKey)).toBe(false);
    expect((await repository.find(dataSource, stored.id))?.status).toBe('discarded');
    // Discarded: counted out of the quota, not takeable, and discarding again is a no-op.
    expect(await repository.liveBytes(dataSource, owner)).toBe(0);
    await dataSource.transaction((manager) => uploads.discard(manager, stored.id));
  });

  it('POST /internal/uploads/:id/take hands a stored avatar over once (identity), else 400 naming uploadId', async () => {
    const owner = randomUUID();
    const avatar = await upload(owner, 'avatar');
    const take = async (id: string, body: unknown) =>
      http(`${await base()}/internal/uploads/${id}/take`, {
        method: 'POST',
        headers: {
          [INTERNAL_IDENTITY_HEADER]: signIdentity(TEST_INTERNAL_SECRET, {
            userId: owner,
            role: 'student',
            sessionId: null,
          }),
        },
        json: body,
      });
    const first = await take(avatar.id, { ownerId: owner, purpose: 'avatar' });
    expect([first.status, first.json()]).toEqual([200, avatar]);
    const again = await take(avatar.id, { ownerId: owner, purpose: 'avatar' });
    expect([again.status, again.json().issues]).toEqual([
      400,
      [{ path: 'uploadId', message: 'Upload not found or not finished' }],
    ]);
    expect((await take('not-an-id', { ownerId: owner, purpose: 'avatar' })).status).toBe(400);
    const badBody = await take(avatar.id, { ownerId: owner, purpose: 'wallpaper' });
    expect([badBody.status, badBody.json().issues[0].path]).toEqual([400, 'purpose']);
    // Only through the gateway's signed identity.
    const unsigned = await http(`${await base()}/internal/uploads/${avatar.id}/take`, {
      method: 'POST',
      json: { ownerId: owner, purpose: 'avatar' },
    });
    expect(unsigned.status).toBe(401);
  });

  it('discarding an unfinished upload removes its staged bytes and tus record', async () => {
    const owner = randomUUID();
    const receiving = await upload(owner, 'attachment', false);
    await mkdir(staging.dir, { recursive: true });
    await writeFile(staging.bytesPath(receiving.id), 'partial');
    await writeFile(`${staging.bytesPath(receiving.id)}.json`, '{}');
    expect(await repository.liveBytes(dataSource, owner)).toBe(receiving.fileSize);
    await uploads.discard(dataSource.manager, receiving.id);
    await expect(stat(staging.bytesPath(receiving.id))).rejects.toThrow('ENOENT');
    await expect(stat(`${staging.bytesPath(receiving.id)}.json`)).rejects.toThrow('ENOENT');
  });
});
