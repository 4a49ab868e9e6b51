import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@projectory/contracts';
import {
  ApiClient,
  type ApiTarget,
  createTestDatabase,
  describeWithInfra,
  REPO_ROOT,
  signUpPerson,
  takeAssessment,
  type TestDatabase,
  testKafkaBrokers,
  waitFor,
  withDatabase,
} from '@projectory/testing';
import { type RunningProjectory, startProjectory } from '../src/launcher.js';

/**
 * The event stream as a data team sees it (docs/events/README.md): the product runs on the Kafka
 * driver (the mock cluster of the integration tests), people use it, then `npm run events:tail` reads
 * every topic from the beginning. Every event the services wrote to their outboxes must come out as a
 * CloudEvent in binary mode: ce_* headers, the payload alone as the value, the aggregate id as the key.
 */

interface TailLine {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  headers: Record<string, string>;
  payload: unknown;
}

interface Produced {
  topic: string;
  key: string;
  envelope: EventEnvelope;
  sent: boolean;
}

/** `npm run events:tail` with EXIT_AT_END: every event there is now, one JSON line each. */
function runEventsTail(env: Record<string, string>, timeoutMs: number): Promise<TailLine[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'events:tail'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`events:tail did not finish within ${timeoutMs} ms:\n${stderr}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`events:tail exited with ${code}:\n${stderr}`));
      resolve(
        stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as TailLine),
      );
    });
  });
}

/** Every outbox row of every service schema: what the product produced. */
async function producedEvents(target: ApiTarget): Promise<Produced[]> {
  return withDatabase(target, async (db) => {
    const schemas = await db.query<{ table_schema: string }>(
      "SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY 1",
    );
    const rows: Produced[] = [];
    for (const { table_schema: schema } of schemas.rows) {
      const result = await db.query<{ topic: string; key: string; envelope: EventEnvelope; sent: boolean }>(
        `SELECT topic, key, envelope, sent_at IS NOT NULL AS sent FROM "${schema}".outbox ORDER BY seq`,
      );
      rows.push(...result.rows);
    }
    return rows;
  });
}

await describeWithInfra(['postgres', 'kafka'], 'the event stream on Kafka (npm run events:tail)', () => {
  let database: TestDatabase;
  let dir: string;
  let projectory: RunningProjectory;
  let target: ApiTarget;

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'projectory-event-stream-'));
    projectory = await startProjectory({
      ...process.env,
      DATABASE_URL: database.url,
      PROJECTORY_DATA_DIR: dir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: testKafkaBrokers()!,
      JOB_QUEUE: 'memory',
    });
    const base = `http://127.0.0.1:${projectory.apps.get('gateway')!.port}`;
    target = { base, client: () => new ApiClient(base), database };
    // About 35 s alone: each service's consumer group joins in turn, and the mock cluster holds a
    // group's first join for 3 s. Room for a loaded CI machine; the test itself takes about 10 s.
  }, 120_000);

  afterAll(async () => {
    await projectory?.stop();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows every event type the product produced, as CloudEvents with the aggregate id as key', async () => {
    const student = await signUpPerson(target, 'student');
    const employer = await signUpPerson(target, 'employer');
    await takeAssessment(student);
    const skill = await student.client.post('/api/users/me/skills', {
      name: 'Woodworking',
      proficiencyLevel: 'Advanced',
    });
    expect(skill.status).toBe(201);
    const created = await employer.client.post('/api/projects', {
      title: 'Event stream test project',
      description: 'A project created while the event stream is being read by a data team.',
      exchangeType: 'mentorship',
    });
    expect(created.status).toBe(201);
    const projectId = created.json<{ id: string }>().id;
    // Matching learns of the project from its events (404 until then) before a student can apply.
    const match = await waitFor(async () => {
      const response = await student.client.post('/api/matches', { projectId });
      if (response.status === 404) return false;
      expect(response.status).toBe(201);
      return response.json<{ id: string }>();
    }, 30_000);

    // Everything produced so far is on Kafka once every outbox row is marked sent.
    const produced = await waitFor(async () => {
      const rows = await producedEvents(target);
      return rows.length > 0 && rows.every((row) => row.sent) && rows;
    }, 20_000);
    const types = new Set(produced.map(({ envelope }) => `${envelope.type}.v${envelope.version}`));
    for (const type of [
      'identity.user.registered.v1',
      'assessment.result.completed.v1',
      'portfolio.user-skills.updated.v1',
      'projects.project.created.v1',
      'matching.match.created.v1',
    ]) {
      expect(types).toContain(type);
    }
    expect(produced.map((row) => row.key)).toEqual(
      expect.arrayContaining([student.user.id, employer.user.id, projectId, match.id]),
    );

    const topics = [...new Set(produced.map((row) => row.topic))].sort();
    const lines = await runEventsTail(
      { KAFKA_BROKERS: testKafkaBrokers()!, TOPICS: topics.join(','), EXIT_AT_END: 'true' },
      30_000,
    );

    const byId = new Map(lines.map((line) => [line.headers.ce_id, line]));
    for (const { topic, key, envelope } of produced) {
      const line = byId.get(envelope.id);
      expect({ id: envelope.id, type: envelope.type, seen: line !== undefined }).toEqual({
        id: envelope.id,
        type: envelope.type,
        seen: true,
      });
      const expectedHeaders: Record<string, string> = {
        ce_specversion: '1.0',
        ce_id: envelope.id,
        ce_type: `${envelope.type}.v${envelope.version}`,
        ce_source: envelope.source,
        ce_time: envelope.occurredAt,
        ce_subject: key,
        ce_correlationid: envelope.correlationId,
        'content-type': 'application/json',
      };
      if (envelope.causationId) expectedHeaders.ce_causationid = envelope.causationId;
      expect(line).toEqual({
        topic,
        partition: expect.any(Number),
        offset: expect.any(String),
        key,
        headers: expectedHeaders,
        payload: envelope.payload,
      });
      expect(Number.isNaN(Date.parse(line!.headers.ce_time!))).toBe(false);
    }
    // Every event type produced was seen. (Not "each exactly once": delivery is at-least-once, so a
    // relay retry may put an event on Kafka twice; consumers deduplicate on ce_id.)
    const seenTypes = new Set(lines.map((line) => line.headers.ce_type));
    for (const type of types) expect(seenTypes).toContain(type);
  }, 60_000);
});
