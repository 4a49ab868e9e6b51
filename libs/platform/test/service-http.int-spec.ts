import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, type DynamicModule, Get, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { INTERNAL_IDENTITY_HEADER, Queues } from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  Caller,
  ConfigValidationError,
  createServiceApp,
  createServiceContext,
  MemoryEventBus,
  MemoryJobQueue,
  Roles,
  type ServiceContext,
  ServiceCoreModule,
  type ServiceEntry,
  signIdentity,
  zodPipe,
} from '@projectory/platform';
import {
  createTestDatabase,
  describeWithInfra,
  http,
  listenOnFreePort,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
} from '@projectory/testing';
import { z } from 'zod';

const thingBody = z.object({ title: z.string().min(1, 'Title is required').max(100), count: z.number().int() });

@Controller('things')
class ThingsController {
  @Get('me')
  me(@Caller() caller: AuthenticatedIdentity) {
    return caller;
  }

  @Roles('employer')
  @Get('employers-only')
  employersOnly() {
    return { ok: true };
  }

  @Post()
  create(@Body(zodPipe(thingBody)) body: z.infer<typeof thingBody>) {
    return body;
  }

  @Get('boom')
  boom(): never {
    throw new Error('relation "secret_table" does not exist');
  }
}

@Module({})
class ThingsModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return { module: ThingsModule, imports: [ServiceCoreModule.forRoot(context)], controllers: [ThingsController] };
  }
}

const thingsService: ServiceEntry = {
  definition: { name: 'projects', migrations: [] },
  module: (context) => ThingsModule.forRoot(context),
};

const student: AuthenticatedIdentity = {
  userId: '1b0f8a5e-8f1c-4c55-9a44-3f1c2d1e0a01',
  role: 'student',
  sessionId: 's-1',
};
const signed = (identity = student) => ({ [INTERNAL_IDENTITY_HEADER]: signIdentity(TEST_INTERNAL_SECRET, identity) });

describe('service configuration', () => {
  it('lists every missing or bad key at once', () => {
    let error: unknown;
    try {
      createServiceContext(thingsService.definition, { env: { EVENT_BUS: 'kafka', DB_POOL_SIZE: 'many' } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigValidationError);
    const problems = (error as ConfigValidationError).problems.join('\n');
    expect(problems).toMatch(/INTERNAL_SECRET/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/DB_POOL_SIZE/);
  });

  it('requires KAFKA_BROKERS when the Kafka bus is chosen', () => {
    expect(() =>
      createServiceContext(thingsService.definition, {
        env: { EVENT_BUS: 'kafka', INTERNAL_SECRET: TEST_INTERNAL_SECRET, DATABASE_URL: 'postgres://x@127.0.0.1/db' },
      }),
    ).toThrow(/KAFKA_BROKERS: is required when EVENT_BUS=kafka/);
  });
});

await describeWithInfra(['postgres'], 'a service over HTTP', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await createServiceApp(thingsService, {
      env: {
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        DATABASE_URL: database.url,
        MIGRATE_ON_START: 'true',
        BODY_LIMIT_BYTES: '2048',
        LOG_LEVEL: 'silent',
        WORKERS: 'relay,consumers',
      },
      eventBus: new MemoryEventBus(),
      jobQueue: new MemoryJobQueue(),
    }));
    base = await listenOnFreePort(app);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers 401 to a request that did not come through the gateway', async () => {
    const response = await http(`${base}/things/me`);
    expect(response.status).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it('answers 401 to a forged identity', async () => {
    const forged = signIdentity('another-secret-that-is-long-enough!!', student);
    const response = await http(`${base}/things/me`, { headers: { [INTERNAL_IDENTITY_HEADER]: forged } });
    expect(response.status).toBe(401);
  });

  it('answers 401 to an expired identity', async () => {
    const expired = signIdentity(TEST_INTERNAL_SECRET, student, 30, Date.now() - 120_000);
    const response = await http(`${base}/things/me`, { headers: { [INTERNAL_IDENTITY_HEADER]: expired } });
    expect(response.status).toBe(401);
  });

  it('hands the verified caller to the route', async () => {
    const response = await http(`${base}/things/me`, { headers: signed() });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual(student);
  });

  it('answers 403 to a role the route does not allow', async () => {
    const response = await http(`${base}/things/employers-only`, { headers: signed() });
    expect(response.status).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers 400 with every field issue for an invalid body', async () => {
    const response = await http(`${base}/things`, {
      headers: signed(),
      method: 'POST',
      json: { title: '', count: 1.5 },
    });
    expect(response.status).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Validation failed' });
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Title is required' },
        expect.objectContaining({ path: 'count' }),
      ]),
    );
  });

  it('answers 400 naming the field to NUL or a lone surrogate in any body or query, after the identity check', async () => {
    const post = (path: string, json: unknown, headers: Record<string, string> = signed()) =>
      http(`${base}${path}`, { headers, method: 'POST', json });
    const issues = (path: string) => ({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      issues: [{ path, message: 'Must not contain a NUL character or an unpaired UTF-16 surrogate' }],
    });
    // Bodies the route's own schema would take.
    const nul = await post('/things', { title: 'a\u0000b', count: 1 });
    expect([nul.status, nul.json()]).toEqual([400, expect.objectContaining(issues('title'))]);
    const surrogate = await post('/things', { title: 'a\uD800', count: 1 });
    expect([surrogate.status, surrogate.json()]).toEqual([400, expect.objectContaining(issues('title'))]);
    const query = await post('/things?note=%00', { title: 'fine', count: 1 });
    expect([query.status, query.json()]).toEqual([400, expect.objectContaining(issues('note'))]);
    expect((await post('/things', { title: 'rocket \uD83D\uDE80', count: 1 })).status).toBe(201);
    expect((await post('/things', { title: 'a\u0000b', count: 1 }, {})).status).toBe(401);
    // A role the route does not allow is told so (403) before its query is looked at.
    expect((await http(`${base}/things/employers-only?note=%00`, { headers: signed() })).status).toBe(403);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await http(`${base}/things`, {
      headers: { ...signed(), 'content-type': 'application/json' },
      method: 'POST',
      body: '{"title": ',
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MALFORMED_JSON' });
  });

  it('answers 413 to a body over the limit', async () => {
    const response = await http(`${base}/things`, {
      headers: { ...signed(), 'content-type': 'application/json' },
      method: 'POST',
      body: JSON.stringify({ title: 'x'.repeat(5000), count: 1 }),
    });
    expect(response.status).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 500 without internals to an unexpected failure, with a correlation id', async () => {
    const response = await http(`${base}/things/boom`, { headers: { ...signed(), 'x-correlation-id': 'trace-42' } });
    expect(response.status).toBe(500);
    expect(response.text).not.toMatch(/secret_table/);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong',
      correlationId: 'trace-42',
    });
    expect(response.headers.get('x-correlation-id')).toBe('trace-42');
  });

  it('answers 404 in the error shape for an unknown route', async () => {
    const response = await http(`${base}/nothing-here`, { headers: signed() });
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('reports itself and its dependencies on /health without an identity', async () => {
    const response = await http(`${base}/health`);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      service: 'projects',
      dependencies: { database: 'ok', eventBus: 'ok', jobQueue: 'ok' },
    });
  });

  it('refuses to start when a queue it owns has no handler', async () => {
    const withQueue: ServiceEntry = {
      definition: { ...thingsService.definition, queues: [Queues.MatchingRematchStudent] },
      module: thingsService.module,
    };
    await expect(
      createServiceApp(withQueue, {
        env: { INTERNAL_SECRET: TEST_INTERNAL_SECRET, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
        eventBus: new MemoryEventBus(),
        jobQueue: new MemoryJobQueue(),
      }),
    ).rejects.toThrow(/matching.rematch-student has no handler/);
  });

  it('keeps its tables in its own schema', async () => {
    const dataSource = app.get((await import('typeorm')).DataSource);
    const rows: Array<{ table_schema: string }> = await dataSource.query(
      "SELECT table_schema FROM information_schema.tables WHERE table_name IN ('outbox', 'inbox', 'migrations')",
    );
    expect(new Set(rows.map((row) => row.table_schema))).toEqual(new Set(['projects']));
  });
});
