import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { MatchCompletedV1, SESSION_COOKIE, type User } from '@projectory/contracts';
import { type ApiStack, startApiStack } from '@projectory/api-stack';
import {
  describeWithInfra,
  http,
  type HttpResult,
  type Person,
  publishEvent,
  SAMPLE_ASSESSMENT_RESPONSES,
  signUpPerson,
  TEST_PASSWORD,
  verifyEmployer,
  waitFor,
  withDatabase,
} from '@projectory/testing';
import { unstorableTextIssues } from '@projectory/platform';
import fc from 'fast-check';

/**
 * API.md: no bad input may produce a 5xx, and a refused request changes nothing. fast-check puts
 * hostile values (NUL, lone surrogates, huge and operator-heavy text, numbers past every range,
 * objects, arrays, prototype keys…) into otherwise valid bodies, queries and path ids of every
 * mutation and list of the services that have them, the admin console's (`/api/admin/*`, as an admin),
 * the gateway's own dashboard, candidate profile and avatar routes, and /plans' included. After each refused (4xx) request the service schemas'
 * rows must be as before; after an accepted one the sweep waits until what it started is at rest.
 * The request count and the status histogram are printed and written to
 * .data/test-results/bad-input-sweep.json.
 */
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_251_124);
const NUM_RUNS = Number(process.env.BAD_INPUT_RUNS ?? 600);
const SCHEMAS = [
  'identity',
  'assessment',
  'matching',
  'projects',
  'portfolio',
  'careers',
  'messaging',
  'admin',
  'credentials',
];
const ADMIN_EMAIL = `sweep.admin.${Date.now().toString(36)}@example.com`;

/**
 * What changes without anyone asking, left out of the comparison: the login throttle counts refused
 * sign-ins by design; matching's top-K tables and match scores are refreshed by background jobs;
 * a session's idle expiry moves with every request; the relay stamps sent events.
 */
const SKIPPED_TABLES = ['identity.throttle', 'matching.student_top_projects', 'matching.project_top_students'];
const SKIPPED_COLUMNS: Record<string, string[]> = {
  sessions: ['last_seen_at', 'idle_expires_at'],
  outbox: ['sent_at', 'attempts', 'last_error'],
  matches: ['match_score', 'skills_match', 'culture_match', 'reasons', 'updated_at'],
};

// ---------------------------------------------------------------------------------------------
// Hostile values

const loneSurrogates = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83Db', '\uDE00\uD83D');
/** Plain text with NUL or a lone surrogate put somewhere in it: what Postgres cannot store. */
const unstorableText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.oneof(fc.constant('\u0000'), loneSurrogates), fc.string({ maxLength: 12 }))
  .map(([before, bad, after]) => `${before}${bad}${after}`);
const hostileText = fc.oneof(
  { arbitrary: unstorableText, weight: 4 },
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0000'.repeat(50),
    '',
    ' ',
    '\t\n\r',
    '-'.repeat(60),
    '!!!',
    '&|:*<->',
    '"""',
    "' OR '1'='1",
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '%00',
    '%ED%A0%80',
    '\u202Eevil',
    '🚀💥👩‍💻',
    'NaN',
    '1e400',
    '-0',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '9999-12-31T23:59:59.999999Z',
    '+275760-09-13T00:00:00.000Z',
    '0000-00-00T00:00:00Z',
    'javascript:alert(1)',
    'https://x.test/\u0000',
    'x'.repeat(101),
    'x'.repeat(5001),
    'é'.repeat(70_000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // Any UTF-16 code unit, lone surrogates included.
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const hostileScalar = fc.oneof(
  { arbitrary: hostileText, weight: 5 },
  { arbitrary: hostileNumber, weight: 2 },
  fc.boolean(),
  fc.constant(null),
);
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', 'a\u0000', '\uD800', '$where', 'id'),
  fc.string({ maxLength: 10 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileScalar, weight: 6 },
  { arbitrary: fc.array(hostileScalar, { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.dictionary(hostileKey, hostileScalar, { maxKeys: 4 }), weight: 1 },
  { arbitrary: fc.constant(Array.from({ length: 2000 }, () => 'x')), weight: 1 },
  {
    arbitrary: fc.constant(JSON.parse('{"__proto__":{"admin":true},"a":{"b":{"c":["\\u0000"]}}}') as unknown),
    weight: 1,
  },
);

/** A body with one hostile change: a field replaced, an unknown field added, a field removed, or nothing valid. */
function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.keys(valid);
  const changes: fc.Arbitrary<unknown>[] = [
    fc.tuple(hostileKey, hostileValue).map(([key, value]) => ({ ...valid, [key]: value })),
    hostileValue,
  ];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    changes.push(
      fc.tuple(field, hostileValue).map(([key, value]) => ({ ...valid, [key]: value })),
      fc.tuple(field, hostileValue).map(([key, value]) => ({ ...valid, [key]: value })),
      // The bug this sweep was written for: NUL or a lone surrogate in a field that takes text.
      fc.tuple(field, unstorableText).map(([key, value]) => ({ ...valid, [key]: value })),
      fc.tuple(field, unstorableText).map(([key, value]) => ({ ...valid, [key]: value })),
      field.map((key) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key))),
    );
  }
  return fc.oneof(...changes);
}

/** Query parameters with one hostile value (or two values for one name), on top of valid ones. */
function hostileQuery(names: string[], valid: Record<string, string> = {}): fc.Arbitrary<[string, string][]> {
  const name = fc.oneof(fc.constantFrom(...names, 'limit', 'cursor'), hostileKey);
  const value = fc.oneof(
    hostileText.map((text) => text.slice(0, 3000)),
    hostileNumber.map(String),
    fc.constantFrom('0', '101', '-1', '1e2', '0x10', '99999999999999999999999', 'Infinity', '1.5'),
  );
  return fc.oneof(
    fc.tuple(name, value).map(([key, text]) => [...Object.entries(valid), [key, text]] as [string, string][]),
    fc.tuple(name, unstorableText).map(([key, text]) => [...Object.entries(valid), [key, text]] as [string, string][]),
    fc
      .tuple(name, value, value)
      .map(([key, a, b]) => [...Object.entries(valid), [key, a], [key, b]] as [string, string][]),
  );
}

/**
 * Percent-encodes text for a URL, lone surrogates included (as the three bytes UTF-8 would use for
 * them, which no decoder accepts): encodeURIComponent throws on those.
 */
function encodeAny(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    encoded +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char);
  }
  return encoded;
}

const queryString = (pairs: [string, string][]) =>
  pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${encodeAny(key)}=${encodeAny(value)}`).join('&')}`;

const hostileId = fc.oneof(
  hostileText.filter((text) => text !== ''),
  fc.constantFrom(
    'me',
    '..',
    '%2e%2e',
    'null',
    '0b6f4c1e-3a52-4c39-9d0e-8f1f0f2a7b1',
    '0B6F4C1E-3A52-4C39-9D0E-8F1F0F2A7B11',
  ),
);

// ---------------------------------------------------------------------------------------------

/** `applicant`: an unverified employer without a website, whose registration requests wait for an admin. */
type Who = 'student' | 'employer' | 'admin' | 'applicant' | 'anonymous';
interface Attempt {
  endpoint: string;
  who: Who;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /**
   * NUL or a lone surrogate reaches the service in the body, the query or the path: it must be refused
   * (4xx). A lone surrogate cannot travel in a URL (its percent-encoding is no UTF-8), only NUL can.
   */
  unstorable: boolean;
}

const hasNul = (pairs: [string, string][]) => pairs.some(([key, value]) => `${key}${value}`.includes('\u0000'));
const unstorable = (value: unknown) => unstorableTextIssues(value).length > 0;

await describeWithInfra(['postgres'], 'bad input sweep: never a 5xx, and a refused request changes nothing', () => {
  let stack: ApiStack;
  let student: Person;
  let employer: Person;
  let admin: Person;
  let applicant: Person;
  const csrf = new Map<Person | 'anonymous', { cookie: string; token: string }>();
  let ids: {
    project: string;
    archivable: string;
    moderated: string;
    planTarget: string;
    match: string;
    userSkill: string;
    deletableSkill: string;
    item: string;
    deletableItem: string;
    spareUpload: string;
    workspace: string;
    milestone: string;
    submission: string;
    credential: string;
    report: string;
  };
  const statuses: Record<string, number> = {};
  const perEndpoint: Record<string, Record<string, number>> = {};
  let requests = 0;

  beforeAll(async () => {
    stack = await startApiStack(
      ['identity', 'assessment', 'matching', 'projects', 'portfolio', 'careers', 'messaging', 'admin', 'credentials'],
      {
        ADMIN_EMAILS: ADMIN_EMAIL,
        // No wait for an attachment's event (the sweep's uploadIds are never one), and no away mail
        // during the run: a delayed job firing between two requests would change messaging's tables.
        ATTACHMENT_WAIT_MS: '0',
        MAIL_AWAY_DELAY_MS: '3600000',
      },
    );
    [student, employer] = await Promise.all([signUpPerson(stack, 'student'), signUpPerson(stack, 'employer')]);
    admin = await signUpPerson(stack, 'employer', { overrides: { email: ADMIN_EMAIL } });
    expect(admin.user.role).toBe('admin');
    // The sweep posts more active projects than an unverified employer may have (API.md "Trust and safety").
    await verifyEmployer(stack, employer);
    // Whose plan the admin's PATCH changes, so the sweep's student and employer stay as they are.
    const planTarget = await signUpPerson(stack, 'student', {
      readyWhen: 'SELECT 1 FROM admin.users WHERE id = $1',
    });
    const created = async (response: Promise<HttpResult>) => {
      const result = await response;
      expect({ status: result.status, body: result.text }).toMatchObject({ status: 201 });
      return result.json<{ id: string }>();
    };
    const project = await created(employer.client.post('/api/projects', projectBody()));
    const archivable = await created(employer.client.post('/api/projects', projectBody()));
    // The one the admin's moderation deactivates (the others stay open to applications).
    const moderated = await created(employer.client.post('/api/projects', projectBody()));
    await waitFor(() =>
      withDatabase(stack, async (db) => {
        const { rowCount } = await db.query('SELECT 1 FROM admin.projects WHERE id = $1', [moderated.id]);
        return (rowCount ?? 0) > 0;
      }),
    );
    const skill = (await student.client.get('/api/skills?q=java')).json<{ items: { id: string }[] }>().items[0]!;
    const userSkill = await created(
      student.client.post('/api/users/me/skills', { skillId: skill.id, proficiencyLevel: 'Beginner' }),
    );
    const deletableSkill = await created(
      student.client.post('/api/users/me/skills', { name: 'Woodworking', proficiencyLevel: 'Advanced' }),
    );
    // Matching learns of the project from its events before a student can apply.
    const match = await waitFor(async () => {
      const response = await student.client.post('/api/matches', { projectId: project.id });
      return response.status === 201 ? response.json<{ id: string }>() : undefined;
    });
    // Messaging opens the match's conversation from matching's event.
    await waitFor(() =>
      withDatabase(stack, async (db) => {
        const { rowCount } = await db.query('SELECT 1 FROM messaging.conversations WHERE match_id = $1', [match.id]);
        return (rowCount ?? 0) > 0;
      }),
    );
    // An accepted match of its own, whose workspace holds a milestone with a submission.
    const collaboration = await created(employer.client.post('/api/projects', projectBody()));
    const accepted = await waitFor(async () => {
      const response = await student.client.post('/api/matches', { projectId: collaboration.id });
      return response.status === 201 ? response.json<{ id: string }>() : undefined;
    });
    expect((await employer.client.mutate('PATCH', `/api/matches/${accepted.id}`, { status: 'accepted' })).status).toBe(
      200,
    );
    const milestone = await created(
      employer.client.post(`/api/workspaces/${accepted.id}/milestones`, { title: 'Sweep step' }),
    );
    const submission = await created(
      student.client.post(`/api/workspaces/${accepted.id}/milestones/${milestone.id}/submissions`, { note: 'Done' }),
    );
    // Finished portfolio uploads as the upload pipeline records them (their bytes are not needed here).
    const upload = () =>
      withDatabase(stack, async (db) => {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO portfolio.uploads (id, owner_id, purpose, status, declared_size, file_name, file_type, file_size,
                                          sha256, file_key, expires_at, stored_at)
           SELECT id, $1, 'portfolio', 'stored', 4, 'work.pdf', 'application/pdf', 4, repeat('a', 64),
                  'portfolio/' || id, now() + interval '1 day', now()
             FROM (SELECT gen_random_uuid() AS id) g
           RETURNING id`,
          [student.user.id],
        );
        return rows[0]!.id;
      });
    const item = async () =>
      created(
        student.client.post('/api/portfolios', {
          userSkillId: userSkill.id,
          uploadId: await upload(),
          title: 'Sweep work',
          description: 'A piece of work to spoil requests about.',
        }),
      );
    // A credential of the student's, from a completion as matching announces it (the employer's project).
    const completedMatch = randomUUID();
    await publishEvent(stack.bus, MatchCompletedV1, completedMatch, {
      matchId: completedMatch,
      projectId: project.id,
      studentId: student.user.id,
      employerId: employer.user.id,
      project: { title: 'Landing page', description: 'Build our landing page with us.', exchangeType: 'mentorship' },
      student: { firstName: student.user.firstName, lastName: student.user.lastName },
      employer: { firstName: employer.user.firstName, lastName: employer.user.lastName, company: null },
      milestones: [],
      skills: ['TypeScript'],
      recommendation: null,
      completedAt: new Date().toISOString(),
    });
    const credential = await waitFor(() =>
      withDatabase(stack, async (db) => {
        const { rows } = await db.query<{ id: string }>('SELECT id FROM credentials.credentials WHERE match_id = $1', [
          completedMatch,
        ]);
        return rows[0]?.id;
      }),
    );
    // API.md "Trust and safety": an unverified employer (no website, so a domain request is a 400 and no
    // link is mailed between two requests) whom the student reports and blocks, and the admin's report to
    // act on, filed by the bystander whose plan the admin changes.
    applicant = await signUpPerson(stack, 'employer', { readyWhen: 'SELECT 1 FROM messaging.people WHERE id = $1' });
    const report = await created(
      planTarget.client.post('/api/reports', {
        targetType: 'user',
        targetId: applicant.user.id,
        reason: 'spam',
        details: 'Filed for the sweep',
      }),
    );
    ids = {
      project: project.id,
      archivable: archivable.id,
      moderated: moderated.id,
      planTarget: planTarget.user.id,
      match: match.id,
      userSkill: userSkill.id,
      deletableSkill: deletableSkill.id,
      item: (await item()).id,
      deletableItem: (await item()).id,
      spareUpload: await upload(),
      workspace: accepted.id,
      milestone: milestone.id,
      submission: submission.id,
      credential,
      report: report.id,
    };
    for (const person of [student, employer, admin, applicant]) {
      csrf.set(person, { cookie: person.client.cookieHeader, token: await person.client.csrfToken() });
    }
    const anonymous = stack.client();
    const token = await anonymous.csrfToken();
    csrf.set('anonymous', { cookie: anonymous.cookieHeader, token });
  });

  afterAll(async () => {
    const summary = { seed: SEED, numRuns: NUM_RUNS, requests, statuses, perEndpoint };
    mkdirSync(join(process.cwd(), '.data', 'test-results'), { recursive: true });
    writeFileSync(
      join(process.cwd(), '.data', 'test-results', 'bad-input-sweep.json'),
      JSON.stringify(summary, null, 2),
    );
    console.log(`bad-input sweep: ${JSON.stringify({ seed: SEED, numRuns: NUM_RUNS, requests, statuses })}`);
    await stack?.stop();
  });

  function projectBody(): Record<string, unknown> {
    return {
      title: 'Landing page',
      description: 'Build our landing page with us.',
      exchangeType: 'mentorship',
      exchangeDescription: 'Weekly calls',
      duration: '4 weeks',
      requiredSkills: ['TypeScript'],
      culturalValues: ['Integrity'],
    };
  }

  /** Each row of every service table (what moves by itself left out), as one comparable text. */
  async function snapshot(): Promise<string> {
    return withDatabase(stack, async (db) => {
      const { rows: tables } = await db.query<{ name: string; table_name: string }>(
        `SELECT table_schema || '.' || table_name AS name, table_name FROM information_schema.tables
         WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' AND table_name <> 'migrations'
           AND table_schema || '.' || table_name <> ALL($2)
         ORDER BY 1`,
        [SCHEMAS, SKIPPED_TABLES],
      );
      const { rows } = await db.query<{ name: string; count: number; hash: string }>(
        tables
          .map(
            ({ name, table_name }) =>
              `SELECT '${name}' AS name, count(*)::int AS count, md5(coalesce(string_agg(r, ',' ORDER BY r), '')) AS hash
               FROM (SELECT (to_jsonb(t) - ARRAY[${(SKIPPED_COLUMNS[table_name] ?? []).map((column) => `'${column}'`).join(',')}]::text[])::text AS r
                     FROM ${name} t) x`,
          )
          .join(' UNION ALL '),
      );
      return rows.map(({ name, count, hash }) => `${name}: ${count} ${hash}`).join('\n');
    });
  }

  async function unsent(): Promise<number> {
    return withDatabase(stack, async (db) => {
      const counts = await Promise.all(
        SCHEMAS.map(
          async (schema) => (await db.query(`SELECT 1 FROM ${schema}.outbox WHERE sent_at IS NULL`)).rowCount,
        ),
      );
      return counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
    });
  }

  /** After an accepted change: its events delivered and the work they start done (the rows stop moving). */
  async function settle(): Promise<string> {
    let previous = '';
    for (let round = 0; round < 50; round++) {
      const current = (await unsent()) === 0 ? await snapshot() : '';
      if (current !== '' && current === previous) return current;
      previous = current;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    throw new Error('the services did not come to rest within 1.5 s of an accepted request');
  }

  async function send(attempt: Attempt): Promise<HttpResult> {
    const who = attempt.who === 'anonymous' ? 'anonymous' : { student, employer, admin, applicant }[attempt.who];
    const session = csrf.get(who)!;
    const headers: Record<string, string> = { cookie: session.cookie };
    if (attempt.method !== 'GET') headers['x-csrf-token'] = session.token;
    let body: string | undefined;
    if (attempt.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(attempt.body);
    }
    const response = await http(`${stack.base}${attempt.path}`, {
      method: attempt.method,
      headers,
      body,
      redirect: 'manual',
    });
    requests += 1;
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const endpoint = (perEndpoint[attempt.endpoint] ??= {});
    endpoint[response.status] = (endpoint[response.status] ?? 0) + 1;
    return response;
  }

  /** Every mutation and list of the services under test, each with a valid request to spoil. */
  function attempts(): fc.Arbitrary<Attempt> {
    const email = () => `sweep.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@example.com`;
    const name = (method: string, path: string, label?: string) => `${method} ${path}${label ? ` (${label})` : ''}`;
    const body = (who: Who, method: Attempt['method'], path: string, valid: Record<string, unknown>, label?: string) =>
      hostileBody(valid).map((spoilt): Attempt => ({
        endpoint: name(method, path, label),
        who,
        method,
        path,
        body: spoilt,
        unstorable: unstorable(spoilt),
      }));
    const list = (who: Who, path: string, names: string[], valid: Record<string, string> = {}, label?: string) =>
      hostileQuery(names, valid).map((pairs): Attempt => ({
        endpoint: name('GET', path, label),
        who,
        method: 'GET',
        path: `${path}${queryString(pairs)}`,
        unstorable: hasNul(pairs),
      }));
    /** The template's `:id` spoilt, or the real id with a spoilt query string or body. */
    const byId = (
      who: Who,
      method: Attempt['method'],
      template: string,
      id: () => string,
      valid?: Record<string, unknown>,
    ) => {
      const endpoint = name(method, template);
      const path = (value: string) => template.replace(/:\w+/, value);
      return fc.oneof(
        hostileId.map((bad): Attempt => ({
          endpoint,
          who,
          method,
          path: path(encodeAny(bad)),
          body: valid,
          unstorable: unstorable(bad),
        })),
        hostileQuery(['id']).map((pairs): Attempt => ({
          endpoint,
          who,
          method,
          path: `${path(id())}${queryString(pairs)}`,
          body: valid,
          unstorable: hasNul(pairs),
        })),
        ...(valid ? [body(who, method, path(id()), valid).map((attempt) => ({ ...attempt, endpoint }))] : []),
      );
    };
    return fc.oneof(
      // identity
      fc.constant(null).chain(() =>
        body('anonymous', 'POST', '/api/auth/signup', {
          firstName: 'Sweep',
          lastName: 'Person',
          email: email(),
          password: TEST_PASSWORD,
          role: 'student',
          agreeTerms: true,
        }),
      ),
      body('anonymous', 'POST', '/api/auth/login', {
        email: 'nobody@example.com',
        password: TEST_PASSWORD,
        rememberMe: true,
      }),
      body('anonymous', 'POST', '/api/auth/forgot-password', { email: 'nobody@example.com' }),
      body('anonymous', 'POST', '/api/auth/reset-password', { token: 'x'.repeat(43), password: TEST_PASSWORD }),
      body('student', 'PATCH', '/api/users/me', {
        firstName: 'Ada',
        headline: 'Student',
        bio: 'I like building things.',
        location: 'Berlin',
        graduationYear: 2027,
        links: [{ label: 'Site', url: 'https://ada.example.com' }],
      }),
      body('student', 'POST', '/api/users/me/password', {
        currentPassword: 'not the current password',
        newPassword: 'another long passphrase',
      }),
      body('student', 'PUT', '/api/onboarding', {
        hasCompletedTutorial: true,
        completedAt: '2025-01-02T03:04:05.000Z',
      }),
      list('anonymous', '/api/login', ['signup']),
      // assessment: the whole body, and each answer
      body('student', 'POST', '/api/assessments', { responses: SAMPLE_ASSESSMENT_RESPONSES }),
      hostileBody({ ...SAMPLE_ASSESSMENT_RESPONSES }).map((responses): Attempt => ({
        endpoint: name('POST', '/api/assessments', 'an answer'),
        who: 'employer',
        method: 'POST',
        path: '/api/assessments',
        body: { responses },
        unstorable: unstorable(responses),
      })),
      // portfolio
      list('student', '/api/skills', ['q'], { q: 'java' }),
      list('student', '/api/users/me/skills', []),
      body('student', 'POST', '/api/users/me/skills', { name: 'Rust', proficiencyLevel: 'Beginner' }),
      byId('student', 'PATCH', '/api/users/me/skills/:id', () => ids.userSkill, { proficiencyLevel: 'Advanced' }),
      byId('student', 'DELETE', '/api/users/me/skills/:id', () => ids.deletableSkill),
      list('student', '/api/portfolios/me', []),
      list('employer', '/api/portfolios/reviews/pending', []),
      body('student', 'POST', '/api/portfolios', {
        userSkillId: ids.userSkill,
        uploadId: ids.spareUpload,
        title: 'More work',
        description: 'Another piece of work for the sweep.',
      }),
      byId('student', 'PATCH', '/api/portfolios/:id', () => ids.item, { title: 'Sweep work, again' }),
      byId('student', 'DELETE', '/api/portfolios/:id', () => ids.deletableItem),
      byId('student', 'GET', '/api/portfolios/:id/file', () => ids.item),
      byId('employer', 'PATCH', '/api/portfolios/:id/verification', () => ids.item, {
        status: 'rejected',
        notes: 'Not enough',
      }),
      // projects
      list('student', '/api/projects', ['q', 'exchangeType']),
      list('student', '/api/projects', ['q', 'exchangeType'], { q: 'landing' }, 'search'),
      list('employer', '/api/projects/me', []),
      body('employer', 'POST', '/api/projects', projectBody()),
      byId('student', 'GET', '/api/projects/:id', () => ids.project),
      byId('employer', 'PATCH', '/api/projects/:id', () => ids.project, {
        title: 'Landing page, again',
        isActive: true,
      }),
      byId('employer', 'DELETE', '/api/projects/:id', () => ids.archivable),
      // matching
      body('student', 'POST', '/api/matches', { projectId: ids.project, pitch: 'Hire me.' }),
      list('student', '/api/matches/me', ['status', 'projectId']),
      list('employer', '/api/matches/me', ['status', 'projectId'], { projectId: ids.project }, 'employer'),
      byId('student', 'GET', '/api/matches/:id', () => ids.match),
      byId('employer', 'PATCH', '/api/matches/:id', () => ids.match, { status: 'completed' }),
      byId('student', 'GET', '/api/matches/advanced/:userId', () => student.user.id),
      list('student', '/api/matches/fit', ['projectIds'], { projectIds: ids.project }),
      list('student', '/api/matches/recommendations', []),
      body('student', 'POST', '/api/reviews', { matchId: ids.match, rating: 5, comment: 'Great' }),
      byId('employer', 'GET', '/api/users/:id/reviews', () => student.user.id),
      // matching: the collaboration workspace
      list('student', '/api/workspaces/me', []),
      byId('employer', 'GET', '/api/workspaces/:id', () => ids.workspace),
      byId('employer', 'POST', '/api/workspaces/:id/milestones', () => ids.workspace, {
        title: 'Another step',
        description: 'Do it well.',
        dueDate: null,
        position: 0,
      }),
      byId('employer', 'PATCH', `/api/workspaces/${ids.workspace}/milestones/:id`, () => ids.milestone, {
        title: 'Sweep step, renamed',
      }),
      byId('student', 'POST', `/api/workspaces/${ids.workspace}/milestones/:id/submissions`, () => ids.milestone, {
        note: 'Here it is',
        links: ['https://example.com/work'],
      }),
      byId('employer', 'PATCH', `/api/workspaces/${ids.workspace}/submissions/:id`, () => ids.submission, {
        decision: 'changes_requested',
        feedback: 'A little more, please.',
      }),
      byId('student', 'GET', `/api/workspaces/${ids.workspace}/submissions/:id/file`, () => ids.submission),
      // careers
      body('student', 'POST', '/api/career-recommendations/skill-gap', { careerTitle: 'Data Analyst' }),
      // credentials
      list('student', '/api/credentials/me', ['cursor']),
      byId('student', 'GET', '/api/credentials/:id', () => ids.credential),
      byId('student', 'PATCH', '/api/credentials/:id', () => ids.credential, { public: false }),
      byId('employer', 'POST', '/api/credentials/:id/revoke', () => ids.credential, { reason: 'Sweep revocation' }),
      // messaging
      body('student', 'POST', '/api/messages', {
        matchId: ids.match,
        content: 'Hello from the sweep',
        clientMessageId: 'sweep-message',
      }),
      list('student', '/api/conversations', ['q', 'archived', 'cursor']),
      byId('employer', 'GET', '/api/messages/match/:matchId', () => ids.match),
      list('employer', `/api/messages/match/${ids.match}`, ['cursor', 'afterSeq'], {}, 'catch-up'),
      byId('employer', 'POST', '/api/messages/match/:matchId/read', () => ids.match, { upToSeq: 1 }),
      list('student', '/api/messages/unread-count', []),
      byId('student', 'GET', '/api/messages/attachments/:id', () => ids.spareUpload),
      list('employer', '/api/notifications', ['cursor']),
      body('employer', 'POST', '/api/notifications/read', { ids: [ids.match] }),
      body('student', 'PUT', '/api/notifications/settings', {
        email: { messages: true, applications: true, statusChanges: false },
      }),
      // the gateway's own routes: the composed dashboard, the candidate profile, the avatar
      list('student', '/api/dashboard', []),
      list('employer', '/api/dashboard', [], {}, 'employer'),
      byId('employer', 'GET', '/api/users/:id/profile', () => student.user.id),
      // No upload has this id: the valid request is a 400 naming uploadId, the spoilt ones must be 4xx too.
      body('student', 'PUT', '/api/users/me/avatar', { uploadId: '0b6f4c1e-3a52-4c39-9d0e-8f1f0f2a7b11' }),
      // plans and the admin console (the gateway orchestrates the admin's changes; admin audits them)
      body('student', 'POST', '/api/plans/upgrade-requests', { plan: 'professional', message: 'Sweep' }),
      list('student', '/api/plans/upgrade-requests/me', []),
      list('admin', '/api/admin/users', ['q', 'role', 'status']),
      list('admin', '/api/admin/projects', ['q']),
      list('admin', '/api/admin/upgrade-requests', ['status']),
      list('admin', '/api/admin/audit', ['cursor']),
      byId('admin', 'PATCH', '/api/admin/users/:id', () => ids.planTarget, { plan: 'professional' }),
      byId('admin', 'PATCH', '/api/admin/users/:id', () => ids.planTarget, { suspended: false, reason: 'Sweep' }),
      byId('admin', 'PATCH', '/api/admin/projects/:id', () => ids.moderated, {
        isActive: false,
        reason: 'Sweep moderation',
      }),
      // No service holds this dead letter: the valid request is a 404, the spoilt ones must be too (or 400).
      byId('admin', 'POST', '/api/admin/dead-letters/:id/replay', () => 'messaging:event:999999999', {}),
      byId('admin', 'GET', '/api/admin/exports/:table.csv', () => 'users'),
      // trust and safety (API.md): reports and blocks (messaging), verification (identity), the admins' queues
      // and actions. The student reports and blocks the applicant, whom they never talk to.
      body('student', 'POST', '/api/reports', {
        targetType: 'user',
        targetId: applicant.user.id,
        reason: 'spam',
        details: 'Sends me the same offer every day',
      }),
      list('student', '/api/blocks', []),
      byId('student', 'POST', '/api/blocks/:userId', () => applicant.user.id),
      byId('student', 'DELETE', '/api/blocks/:userId', () => applicant.user.id),
      body('applicant', 'POST', '/api/employers/me/verification', {
        method: 'registration',
        registrationNumber: 'HRB 123456',
        country: 'DE',
      }),
      // No website: the valid request is a 400 naming email, the spoilt ones must be 4xx too.
      body(
        'applicant',
        'POST',
        '/api/employers/me/verification',
        { method: 'domain', email: 'hr@acme.example' },
        'domain',
      ),
      list('applicant', '/api/employers/me/verification', []),
      list('admin', '/api/admin/reports', ['status', 'cursor']),
      list('admin', '/api/admin/employers/verification', ['status', 'cursor']),
      // The first valid dismissal resolves the report; later ones are 409 REPORT_RESOLVED.
      byId('admin', 'PATCH', '/api/admin/reports/:id', () => ids.report, { action: 'dismiss', note: 'Sweep' }),
      // Finding talent (API.md): the search, shortlists, invitations (the student is not discoverable: the
      // valid invitation and shortlist are 404s) and the pipeline.
      list('employer', '/api/talent', ['q', 'skills', 'verifiedOnly', 'projectId', 'graduationYear', 'cursor']),
      list('employer', '/api/talent/shortlist', ['cursor']),
      byId('employer', 'PUT', '/api/talent/shortlist/:studentId', () => student.user.id),
      byId('employer', 'DELETE', '/api/talent/shortlist/:studentId', () => student.user.id),
      body('employer', 'POST', '/api/invitations', {
        studentId: student.user.id,
        projectId: ids.project,
        message: 'Join us',
      }),
      list('student', '/api/invitations/me', ['status', 'cursor']),
      byId('student', 'PATCH', '/api/invitations/:id', () => ids.project, { status: 'declined' }),
      list('employer', '/api/employers/me/pipeline', ['projectId', 'weeks']),
      // Rejecting keeps the applicant unverified, so their requests stay possible.
      byId('admin', 'PATCH', '/api/admin/employers/:id/verification', () => applicant.user.id, {
        level: 'none',
        note: 'Sweep',
      }),
    );
  }

  it('answers every spoilt request below 500, and a refused one leaves every service table as it was', async () => {
    console.log(`bad-input sweep: seed ${SEED}, ${NUM_RUNS} runs`);
    let before = await settle();
    await fc.assert(
      fc.asyncProperty(
        fc.constant(null).chain(() => attempts()),
        async (attempt) => {
          const response = await send(attempt);
          const shown = {
            endpoint: attempt.endpoint,
            path: attempt.path.slice(0, 300),
            body: JSON.stringify(attempt.body)?.slice(0, 300),
            answer: response.text.slice(0, 300),
          };
          expect({ ...shown, status: response.status < 500 ? 'below 500' : response.status }).toEqual({
            ...shown,
            status: 'below 500',
          });
          // API.md: text with NUL or a lone surrogate is refused, never stored (mangled) nor a 5xx.
          if (attempt.unstorable) {
            expect({ ...shown, refused: response.status >= 400 }).toEqual({ ...shown, refused: true });
          }
          if (response.status >= 400) {
            expect({ ...shown, tables: await snapshot() }).toEqual({ ...shown, tables: before });
            // The public error shape of API.md, even when Node's parser refused the request (431).
            expect(response.json()).toMatchObject({ statusCode: response.status, code: expect.any(String) });
          } else {
            before = await settle();
          }
        },
      ),
      { seed: SEED, numRuns: NUM_RUNS, endOnFailure: true },
    );
  }, 240_000);

  it('answers hostile headers below 500: cookies, correlation ids, user agents, content types', async () => {
    const session = csrf.get(student)!;
    const patchMe = (contentType: string, body: string): [string, string, Record<string, string>, string] => [
      'PATCH',
      '/api/users/me',
      { cookie: session.cookie, 'x-csrf-token': session.token, 'content-type': contentType },
      body,
    ];
    const cases: [string, string, Record<string, string>, string?][] = [
      ['GET', '/api/auth/user', { cookie: `${SESSION_COOKIE}=%00` }],
      ['GET', '/api/auth/user', { cookie: `${SESSION_COOKIE}=%ED%A0%80; other=%` }],
      ['GET', '/api/auth/user', { cookie: `${SESSION_COOKIE}=${'A'.repeat(4000)}` }],
      ['GET', '/api/auth/user', { cookie: `${SESSION_COOKIE}=%E2%82%AC%0A` }],
      ['PATCH', '/api/users/me', { cookie: `${SESSION_COOKIE}=%00`, 'x-csrf-token': '%00' }, '{"headline":"x"}'],
      ['GET', '/api/projects', { cookie: session.cookie, 'x-correlation-id': 'x'.repeat(5000) }],
      ['GET', '/api/projects', { cookie: session.cookie, 'user-agent': 'é'.repeat(2000) }],
      ['GET', '/api/projects', { cookie: session.cookie, 'x-forwarded-for': 'not an address, \u00ff' }],
      patchMe('text/plain', '{"headline":"x"}'),
      patchMe('application/json; charset=utf-16', '{"headline":"x"}'),
      patchMe('application/json', '{"headline":"\\ud800"}'),
      patchMe('application/json', '{"headline":"\\u0000"'),
      patchMe('application/json', `${'['.repeat(50_000)}${']'.repeat(50_000)}`),
    ];
    let before = await settle();
    for (const [method, path, headers, body] of cases) {
      const response = await http(`${stack.base}${path}`, { method, headers, body, redirect: 'manual' });
      requests += 1;
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      const shown = {
        method,
        path,
        headers: JSON.stringify(headers).slice(0, 200),
        answer: response.text.slice(0, 200),
      };
      expect({ ...shown, below500: response.status < 500 }).toEqual({ ...shown, below500: true });
      if (response.status >= 400) expect({ ...shown, tables: await snapshot() }).toEqual({ ...shown, tables: before });
      else before = await settle();
    }
    // The student's session outlived all of it.
    expect((await student.client.get('/api/auth/user')).json<User>().id).toBe(student.user.id);
  });
});
