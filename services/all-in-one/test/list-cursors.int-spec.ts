import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type ApiStack, startApiStack } from '@projectory/api-stack';
import { describeWithInfra, type Person, signUpPerson } from '@projectory/testing';

const id = '0b6f4c1e-3a52-4c39-9d0e-8f1f0f2a7b11';
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The parts keyset positions are made of: a value each accepts, and values a client could forge. */
const parts = {
  micros: {
    good: '1732500000000000',
    // Overflowing bigint, past 9999-12-31 (the first microsecond of year 10000), negative, exponent, number.
    bad: ['99999999999999999999', '999999999999999999', '253402300800000000', '-5', '1e18', 1732500000000000, ''],
  },
  id: { good: id, bad: ['x', `${id.slice(0, 35)}\u0000`, "1' OR '1'='1", 5, null] },
  // Project search's tier (ADR 0013); a float is an ADR 0008 rank.
  tier: { good: 1, bad: [3, -1, 0.6079271, '1', null] },
  text: { good: 'java', bad: ['a\u0000b', '\uD800', 'x'.repeat(300), 5] },
  rank: { good: 1, bad: [2 ** 53, -1, 0.5, '1'] },
};
type Part = keyof typeof parts;

/** Cursors refused whatever a listing's order: not ours at all. */
const garbage = [
  'garbage',
  encode({ micros: '1', id }),
  encode([]),
  encode(null),
  encode('x'.repeat(300)),
  // Not base64url: the standard alphabet's `+` and `/`, padding alone, stray characters.
  '+/+/+/+/',
  '====',
  '!!!!',
  '%ED%A0%80',
  // JSON numbers past a double: 1e400 parses as Infinity.
  Buffer.from(`[1e400,"1",${JSON.stringify(id)}]`).toString('base64url'),
  Buffer.from('["1e999999",1e400]').toString('base64url'),
  // Huge: past the codec's length limit, and far past it.
  'A'.repeat(600),
  'A'.repeat(8000),
  Buffer.from([0x5b, 0x22, 0xff]).toString('base64url'),
];

/**
 * Every forgery of one listing's position: each part in turn replaced by each bad value of its kind,
 * one part too many, and garbage. All must be refused as 400 `INVALID_CURSOR` on `cursor` (API.md
 * Conventions), never reach the database as a bad value, never be a 5xx.
 */
function forgeries(shape: Part[]): string[] {
  const good = shape.map((part) => parts[part].good);
  const swapped = shape.flatMap((part, index) =>
    parts[part].bad.map((bad) => encode(good.map((value, at) => (at === index ? bad : value)))),
  );
  return [...swapped, encode([...good, 'extra']), ...garbage];
}

await describeWithInfra(['postgres'], 'every collection refuses a forged cursor with 400 INVALID_CURSOR', () => {
  let stack: ApiStack;
  let student: Person;
  let employer: Person;
  let admin: Person;
  const adminEmail = `cursors.admin.${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    stack = await startApiStack(
      ['identity', 'matching', 'projects', 'portfolio', 'messaging', 'admin', 'credentials'],
      {
        ADMIN_EMAILS: adminEmail,
      },
    );
    [student, employer, admin] = await Promise.all([
      signUpPerson(stack, 'student'),
      signUpPerson(stack, 'employer'),
      signUpPerson(stack, 'student', { overrides: { email: adminEmail } }),
    ]);
    expect(admin.user.role).toBe('admin');
  });

  afterAll(() => stack?.stop());

  /** Every collection of the API, with the shape of its positions; `:me` is the signed-in person's id. */
  const collections: [who: 'student' | 'employer' | 'admin', path: string, shape: Part[]][] = [
    ['student', '/api/projects', ['micros', 'id']],
    ['student', '/api/projects?q=web%20design', ['tier', 'micros', 'id']],
    ['student', '/api/projects?exchangeType=mentorship', ['micros', 'id']],
    ['employer', '/api/projects/me', ['micros', 'id']],
    ['student', '/api/matches/me', ['micros', 'id']],
    ['student', '/api/matches/me?status=pending', ['micros', 'id']],
    ['employer', '/api/matches/me', ['micros', 'id']],
    ['employer', `/api/matches/me?projectId=${id}`, ['micros', 'id']],
    ['employer', '/api/matches/me?status=accepted', ['micros', 'id']],
    ['student', '/api/matches/recommendations', ['rank', 'id']],
    // Accepted before completed (a rank), next due date or completion, the match.
    ['student', '/api/workspaces/me', ['rank', 'micros', 'id']],
    ['employer', '/api/workspaces/me', ['rank', 'micros', 'id']],
    ['student', '/api/users/:me/reviews', ['micros', 'id']],
    ['student', '/api/credentials/me', ['micros', 'id']],
    ['employer', `/api/users/${id}/reviews`, ['micros', 'id']],
    ['student', '/api/skills', ['text', 'id']],
    ['student', '/api/skills?q=java', ['rank', 'text', 'id']],
    ['student', '/api/users/me/skills', ['micros', 'id']],
    ['student', '/api/portfolios/me', ['micros', 'id']],
    ['employer', '/api/portfolios/reviews/pending', ['micros', 'id']],
    ['student', '/api/notifications', ['micros', 'id']],
    ['student', '/api/conversations', ['micros', 'id']],
    ['employer', '/api/conversations?archived=true&q=ada', ['micros', 'id']],
    ['admin', '/api/admin/users', ['micros', 'id']],
    ['admin', '/api/admin/users?q=ada&role=student&status=active', ['micros', 'id']],
    ['admin', '/api/admin/assessments', ['micros', 'id']],
    ['admin', '/api/admin/skills', ['text', 'text', 'id']],
    ['admin', '/api/admin/projects?q=web', ['micros', 'id']],
    ['admin', '/api/admin/matches', ['micros', 'id']],
    ['admin', '/api/admin/audit', ['micros', 'id']],
    ['admin', '/api/admin/upgrade-requests?status=open', ['micros', 'id']],
    // API.md "Trust and safety": the report queue (newest first) and the verification queue (oldest first).
    ['admin', '/api/admin/reports', ['micros', 'id']],
    ['admin', '/api/admin/reports?status=resolved', ['micros', 'id']],
    ['admin', '/api/admin/employers/verification', ['micros', 'id']],
    ['admin', '/api/admin/employers/verification?status=all', ['micros', 'id']],
    // GET /api/blocks is one page by design (a person's own blocks, few): it takes no cursor.
    // API.md "Finding talent": most verified skills first (a count, then the student), shortlists and
    // invitations newest first.
    ['employer', '/api/talent', ['rank', 'id']],
    ['employer', '/api/talent/shortlist', ['micros', 'id']],
    ['student', '/api/invitations/me', ['micros', 'id']],
    ['employer', '/api/invitations/me?status=pending', ['micros', 'id']],
  ];

  it.each(collections)('%s: %s refuses every forgery of a %j position', async (who, path, shape) => {
    const person = { student, employer, admin }[who];
    const base = path.replace(':me', person.user.id);
    const separator = base.includes('?') ? '&' : '?';
    const answers = await Promise.all(
      forgeries(shape).map(async (cursor) => {
        const response = await person.client.get(`${base}${separator}cursor=${encodeURIComponent(cursor)}`);
        const position = Buffer.from(cursor, 'base64url').toString('utf8');
        return { position, status: response.status, body: response.json<Record<string, unknown>>() };
      }),
    );
    // The unforged position is accepted, so each refusal above is about the one part that was changed.
    const valid = encode(shape.map((part) => parts[part].good));
    expect((await person.client.get(`${base}${separator}cursor=${valid}`)).status).toBe(200);
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 'INVALID_CURSOR', issues: [{ path: 'cursor', message: 'Invalid cursor' }] },
      });
    }
  });

  /**
   * What never reaches the codec: text no field takes (NUL, refused for every query by the platform),
   * two cursors, a cursor too long for a request line. Each is a 4xx naming `cursor` where the service
   * answers, never a 5xx.
   */
  it.each(collections)('%s: %s refuses a cursor that is not one string of text', async (who, path) => {
    const person = { student, employer, admin }[who];
    const base = path.replace(':me', person.user.id);
    const separator = base.includes('?') ? '&' : '?';
    for (const query of ['cursor=ab%00cd', 'cursor=%00', 'cursor=a&cursor=b']) {
      const response = await person.client.get(`${base}${separator}${query}`);
      expect({ query, status: response.status, issues: response.json<{ issues: unknown }>().issues }).toEqual({
        query,
        status: 400,
        issues: [expect.objectContaining({ path: 'cursor' })],
      });
    }
    const huge = await person.client.get(`${base}${separator}cursor=${'A'.repeat(100_000)}`);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });
});
