import { beforeAll, expect, it } from '@jest/globals';
import {
  type Dashboard,
  type EventEnvelope,
  type EventPayload,
  MAX_SKILLS_PER_USER,
  type Skill,
  type UserSkill,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { type ApiClient, describeWithInfra, recordEvents, signUpPerson, waitFor } from '@projectory/testing';
import pg from 'pg';
import type { QueryRunner } from 'typeorm';
import { seedCatalog } from '../src/migrations/catalog-seed.js';
import { skillCatalog, skillCatalogV1 } from '../src/catalog/skills.catalog.js';
import { skillBrowseQuery, skillSearchQuery } from '../src/repositories/skill-search.query.js';

type SkillsEvent = EventEnvelope<EventPayload<typeof UserSkillsUpdatedV1>>;
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const catalogId = (name: string) => skillCatalog.find((skill) => skill.name === name)!.id;
const JAVASCRIPT = catalogId('JavaScript');
const TYPESCRIPT = catalogId('TypeScript');
const UNKNOWN_ID = '3f1e4a52-9c1b-4b8e-8f0e-2d6a4c1b7e90';

let counter = 0;

await describeWithInfra(['postgres'], 'skills through the gateway', () => {
  const stack = useApiStack(['portfolio', 'identity'], {
    SIGNUPS_PER_IP_PER_HOUR: '1000',
  });
  let events: SkillsEvent[] = [];

  beforeAll(async () => {
    events = (await recordEvents(stack.bus, [UserSkillsUpdatedV1])).events;
  });

  const signedUp = (role: 'student' | 'employer' = 'student') => signUpPerson(stack, role);

  let searcher: ApiClient;
  const search = async (q: string, limit = 20): Promise<Skill[]> => {
    searcher ??= (await signedUp()).client;
    const response = await searcher.get(`/api/skills?q=${encodeURIComponent(q)}&limit=${limit}`);
    expect(response.status).toBe(200);
    return response.json<Page<Skill>>().items;
  };

  async function walk<T extends { id: string }>(client: ApiClient, path: string, limit: number): Promise<T[]> {
    const seen: T[] = [];
    let cursor: string | null = null;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const response = await client.get(
        `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.status).toBe(200);
      const page = response.json<Page<T>>();
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  }

  const lastEventOf = (userId: string) => events.filter((event) => event.key === userId).at(-1);

  it('seeds a catalog of a few hundred skills; paging walks it exactly once, in one order', async () => {
    const { client } = await signedUp();
    const byHundred = await walk<Skill>(client, '/api/skills', 100);
    expect(byHundred.length).toBe(skillCatalog.length);
    expect(byHundred.length).toBeGreaterThanOrEqual(250);
    expect(new Set(byHundred.map((skill) => skill.id))).toEqual(new Set(skillCatalog.map((skill) => skill.id)));
    const byThirtySeven = await walk<Skill>(client, '/api/skills', 37);
    expect(byThirtySeven.map((skill) => skill.id)).toEqual(byHundred.map((skill) => skill.id));
    expect(byHundred.find((skill) => skill.id === JAVASCRIPT)).toEqual({
      id: JAVASCRIPT,
      name: 'JavaScript',
      category: 'Programming Languages',
    });
    const first = await client.get('/api/skills');
    expect(first.json<Page<Skill>>().items).toHaveLength(20);
  });

  it('finds skills by name prefix, by word and inside words, whatever the case', async () => {
    expect((await search('type'))[0]!.name).toBe('TypeScript');
    expect((await search('TYPE'))[0]!.name).toBe('TypeScript');
    expect((await search('tYpEsCrIpT'))[0]!.name).toBe('TypeScript');
    expect((await search('learning')).map((skill) => skill.name)).toEqual(
      expect.arrayContaining(['Machine Learning', 'Deep Learning', 'Reinforcement Learning']),
    );
    expect((await search('machine le'))[0]!.name).toBe('Machine Learning');
    expect((await search('script')).map((skill) => skill.name)).toEqual(
      expect.arrayContaining(['JavaScript', 'TypeScript', 'Shell Scripting']),
    );
  });

  it('ranks exact names and aliases first, and tolerates punctuation and typos', async () => {
    expect((await search('js'))[0]!.name).toBe('JavaScript');
    expect((await search('Postgres'))[0]!.name).toBe('PostgreSQL');
    expect((await search('k8s'))[0]!.name).toBe('Kubernetes');
    for (const q of ['node.js', 'nodejs', 'Node JS']) expect((await search(q))[0]!.name).toBe('Node.js');
    expect((await search('go'))[0]!.name).toBe('Go');
    expect((await search('c'))[0]!.name).toBe('C');
    expect((await search('C++'))[0]!.name).toBe('C++');
    expect((await search('c#'))[0]!.name).toBe('C#');
    expect((await search('javscript')).map((skill) => skill.name)).toContain('JavaScript');
    // Short queries match word starts only: "go" is not inside "Django".
    expect((await search('go')).map((skill) => skill.name)).not.toContain('Django');
  });

  it('pages through search results by relevance, each match once', async () => {
    const { client } = await signedUp();
    const all = await search('data', 100);
    expect(all.length).toBeGreaterThan(10);
    const paged = await walk<Skill>(client, '/api/skills?q=data', 4);
    expect(paged.map((skill) => skill.id)).toEqual(all.map((skill) => skill.id));
  });

  it('answers nothing, not an error, to queries without letters or digits, and 400 to bad paging', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_ _')).toEqual([]);
    expect(await search("'; DROP TABLE skills; --")).toEqual([]);
    for (const query of ['limit=0', 'limit=101', 'limit=abc', `q=${'x'.repeat(101)}`]) {
      const response = await searcher.get(`/api/skills?${query}`);
      expect([query, response.status]).toEqual([query, 400]);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const garbled = await searcher.get('/api/skills?cursor=not-a-cursor');
    expect(garbled.status).toBe(400);
    expect(garbled.json()).toMatchObject({ code: 'INVALID_CURSOR' });
    const forged = Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url');
    const response = await searcher.get(`/api/skills?q=java&cursor=${forged}`);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ issues: [{ path: 'cursor', message: 'Invalid cursor' }] });
  });

  it('plans every kind of search on the trigram index and browsing on the name index, at scale', async () => {
    const db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
    try {
      await db.query('SET search_path = portfolio');
      // A catalog fifty times larger, in a transaction rolled back at the end, so that the planner
      // weighs the indexes against a scan the way it would on a big table.
      await db.query('BEGIN');
      // Rebuilt after the bulk insert (as the migration defines it): 20k GIN insertions one by one are slow.
      const [{ definition }] = (
        await db.query<{ definition: string }>("SELECT pg_get_indexdef('skills_search_idx'::regclass) AS definition")
      ).rows;
      await db.query('DROP INDEX skills_search_idx');
      await db.query(`
        INSERT INTO skills (name, category, name_key, match_keys, search_text, source)
        SELECT 'Generated ' || h, 'Test', 'generated' || h, ARRAY['generated' || h], ' generated ' || h, 'catalog'
          FROM generate_series(1, 20000) AS i, md5(i::text) AS h`);
      await db.query(definition!);
      await db.query('ANALYZE skills');
      const plan = async (query: { sql: string; params: unknown[] }) =>
        JSON.stringify((await db.query(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params)).rows);
      for (const q of ['c', 'go', 'type', 'javscript', 'machine learning']) {
        const found = await plan(skillSearchQuery(q, 20, undefined, 'public')!);
        expect([q, found.includes('skills_search_idx'), found.includes('Seq Scan')]).toEqual([q, true, false]);
      }
      const browse = await plan(skillBrowseQuery(20, ['java', JAVASCRIPT]));
      expect([browse.includes('skills_catalog_name_idx'), browse.includes('Seq Scan')]).toEqual([true, false]);
    } finally {
      await db.query('ROLLBACK').catch(() => undefined);
      await db.end();
    }
  });

  it('seeds idempotently: inserting the catalog again adds and changes nothing', async () => {
    const db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
    try {
      await db.query('SET search_path = portfolio');
      const snapshot = async () =>
        (await db.query('SELECT id, name, category, aliases, search_text FROM skills ORDER BY id')).rows;
      const before = await snapshot();
      const runner = { query: async (sql: string, params?: unknown[]) => (await db.query(sql, params)).rows };
      await seedCatalog(runner as unknown as QueryRunner, skillCatalogV1);
      expect(await snapshot()).toEqual(before);
    } finally {
      await db.end();
    }
  });

  it('refuses signed-out visitors (401)', async () => {
    const visitor = stack.client();
    expect((await visitor.get('/api/skills?q=java')).status).toBe(401);
    expect((await visitor.get('/api/users/me/skills')).status).toBe(401);
    const response = await visitor.post('/api/users/me/skills', { skillId: JAVASCRIPT, proficiencyLevel: 'Beginner' });
    expect(response.status).toBe(401);
    expect((await visitor.mutate('DELETE', `/api/users/me/skills/${UNKNOWN_ID}`)).status).toBe(401);
  });

  it('adds a catalog skill by id (201) and announces the whole list', async () => {
    const { client, user } = await signedUp();
    const response = await client.post('/api/users/me/skills', { skillId: TYPESCRIPT, proficiencyLevel: 'Advanced' });
    expect(response.status).toBe(201);
    const added = response.json<UserSkill>();
    expect(added).toEqual({
      id: expect.any(String),
      skill: { id: TYPESCRIPT, name: 'TypeScript', category: 'Programming Languages' },
      proficiencyLevel: 'Advanced',
      verified: false,
    });
    expect((await client.get('/api/users/me/skills')).json()).toEqual({ items: [added], nextCursor: null });
    const event = await waitFor(() => lastEventOf(user.id));
    expect(event).toMatchObject({ type: UserSkillsUpdatedV1.type, version: 1, source: 'portfolio' });
    expect(event.payload).toEqual({
      userId: user.id,
      skills: [
        {
          skillId: TYPESCRIPT,
          name: 'TypeScript',
          category: 'Programming Languages',
          proficiencyLevel: 'Advanced',
          verified: false,
        },
      ],
      updatedAt: expect.any(String),
    });
  });

  it('adds by name: a catalog name or alias picks the catalog skill, whatever the case', async () => {
    const { client } = await signedUp();
    const response = await client.post('/api/users/me/skills', { name: 'javascript', proficiencyLevel: 'Beginner' });
    expect(response.status).toBe(201);
    expect(response.json<UserSkill>().skill).toEqual({
      id: JAVASCRIPT,
      name: 'JavaScript',
      category: 'Programming Languages',
    });
    const alias = await client.post('/api/users/me/skills', { name: 'Postgres', proficiencyLevel: 'Intermediate' });
    expect(alias.json<UserSkill>().skill.name).toBe('PostgreSQL');
    // "JS" is JavaScript, which is already there.
    const again = await client.post('/api/users/me/skills', { name: ' JS ', proficiencyLevel: 'Advanced' });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SKILL_ALREADY_ADDED' });
  });

  it('keeps User Research as typed: a catalog skill of its own, no longer an alias of UX Research', async () => {
    const { client } = await signedUp();
    const typed = await client.post('/api/users/me/skills', { name: 'User Research', proficiencyLevel: 'Advanced' });
    expect(typed.status).toBe(201);
    expect(typed.json<UserSkill>().skill).toEqual({
      id: catalogId('User Research'),
      name: 'User Research',
      category: 'Design',
    });
    const ux = await client.post('/api/users/me/skills', { name: 'ux research', proficiencyLevel: 'Beginner' });
    expect(ux.status).toBe(201);
    expect(ux.json<UserSkill>().skill.name).toBe('UX Research');
    const listed = (await client.get('/api/users/me/skills')).json<Page<UserSkill>>().items;
    expect(listed.map((entry) => entry.skill.name)).toEqual(['User Research', 'UX Research']);
  });

  it('adds an unknown name as a skill in Other, shared by whoever names it alike, kept out of search', async () => {
    const name = `Underwater Basket Weaving ${(counter += 1)}`;
    const first = await signedUp();
    const response = await first.client.post('/api/users/me/skills', {
      name: `  ${name} `,
      proficiencyLevel: 'Beginner',
    });
    expect(response.status).toBe(201);
    const { skill } = response.json<UserSkill>();
    expect(skill).toEqual({ id: expect.any(String), name, category: 'Other' });
    const second = await signedUp();
    const same = await second.client.post('/api/users/me/skills', {
      name: name.toUpperCase().replace(/ /g, '-'),
      proficiencyLevel: 'Advanced',
    });
    expect(same.status).toBe(201);
    expect(same.json<UserSkill>().skill).toEqual(skill);
    expect((await search('underwater basket')).map((found) => found.id)).not.toContain(skill.id);
  });

  it('answers 409 SKILL_ALREADY_ADDED to a skill already on the profile', async () => {
    const { client } = await signedUp();
    expect(
      (await client.post('/api/users/me/skills', { skillId: JAVASCRIPT, proficiencyLevel: 'Beginner' })).status,
    ).toBe(201);
    const response = await client.post('/api/users/me/skills', { skillId: JAVASCRIPT, proficiencyLevel: 'Advanced' });
    expect(response.status).toBe(409);
    expect(response.json()).toMatchObject({ statusCode: 409, code: 'SKILL_ALREADY_ADDED' });
    expect((await client.get('/api/users/me/skills')).json<Page<UserSkill>>().items).toHaveLength(1);
  });

  it('answers 400 to bad additions, naming the field', async () => {
    const { client } = await signedUp();
    const cases: [unknown, string][] = [
      [{ skillId: JAVASCRIPT, name: 'JavaScript', proficiencyLevel: 'Beginner' }, ''],
      [{ proficiencyLevel: 'Beginner' }, ''],
      [{}, ''],
      [{ skillId: UNKNOWN_ID, proficiencyLevel: 'Beginner' }, 'skillId'],
      [{ skillId: 'not-a-uuid', proficiencyLevel: 'Beginner' }, 'skillId'],
      [{ skillId: JAVASCRIPT, proficiencyLevel: 'Expert' }, 'proficiencyLevel'],
      [{ skillId: JAVASCRIPT }, 'proficiencyLevel'],
      [{ name: 'Rust', proficiencyLevel: 'expert' }, 'proficiencyLevel'],
      [{ name: '   ', proficiencyLevel: 'Beginner' }, 'name'],
      [{ name: '!!!', proficiencyLevel: 'Beginner' }, 'name'],
      [{ name: 'x'.repeat(61), proficiencyLevel: 'Beginner' }, 'name'],
      [{ name: 42, proficiencyLevel: 'Beginner' }, 'name'],
      [{ skillId: JAVASCRIPT, proficiencyLevel: 'Beginner', verified: true }, 'verified'],
    ];
    for (const [body, path] of cases) {
      const response = await client.post('/api/users/me/skills', body);
      expect([body, response.status]).toEqual([body, 400]);
      expect([body, response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)]).toEqual([
        body,
        expect.arrayContaining([path]),
      ]);
    }
    expect((await client.get('/api/users/me/skills')).json<Page<UserSkill>>().items).toEqual([]);
  });

  it('changes the level (200) and removes a skill (204), announcing the list each time', async () => {
    const { client, user } = await signedUp();
    const js = (
      await client.post('/api/users/me/skills', { skillId: JAVASCRIPT, proficiencyLevel: 'Beginner' })
    ).json<UserSkill>();
    const ts = (
      await client.post('/api/users/me/skills', { skillId: TYPESCRIPT, proficiencyLevel: 'Beginner' })
    ).json<UserSkill>();
    const patched = await client.mutate('PATCH', `/api/users/me/skills/${js.id}`, { proficiencyLevel: 'Advanced' });
    expect(patched.status).toBe(200);
    expect(patched.json()).toEqual({ ...js, proficiencyLevel: 'Advanced' });
    await waitFor(() =>
      lastEventOf(user.id)?.payload.skills.some(
        (skill) => skill.skillId === JAVASCRIPT && skill.proficiencyLevel === 'Advanced',
      ),
    );
    const badLevel = await client.mutate('PATCH', `/api/users/me/skills/${js.id}`, { proficiencyLevel: 'Guru' });
    expect(badLevel.status).toBe(400);

    const deleted = await client.mutate('DELETE', `/api/users/me/skills/${js.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await client.get('/api/users/me/skills')).json<Page<UserSkill>>().items).toEqual([ts]);
    await waitFor(() => lastEventOf(user.id)?.payload.skills.length === 1);
    expect(lastEventOf(user.id)!.payload.skills.map((skill) => skill.skillId)).toEqual([TYPESCRIPT]);
    expect((await client.mutate('DELETE', `/api/users/me/skills/${js.id}`)).status).toBe(404);

    await client.mutate('DELETE', `/api/users/me/skills/${ts.id}`);
    await waitFor(() => lastEventOf(user.id)?.payload.skills.length === 0);
  });

  it("answers 404 to another user's skill and to a malformed id, and leaves the skill alone", async () => {
    const owner = await signedUp();
    const stranger = await signedUp();
    const skill = (
      await owner.client.post('/api/users/me/skills', { skillId: JAVASCRIPT, proficiencyLevel: 'Beginner' })
    ).json<UserSkill>();
    const patch = await stranger.client.mutate('PATCH', `/api/users/me/skills/${skill.id}`, {
      proficiencyLevel: 'Advanced',
    });
    expect(patch.status).toBe(404);
    expect((await stranger.client.mutate('DELETE', `/api/users/me/skills/${skill.id}`)).status).toBe(404);
    for (const id of ['not-a-uuid', '123', `${skill.id}x`, "1'; DROP TABLE user_skills; --"]) {
      const response = await owner.client.mutate('DELETE', `/api/users/me/skills/${encodeURIComponent(id)}`);
      expect([id, response.status]).toEqual([id, 404]);
    }
    expect((await owner.client.get('/api/users/me/skills')).json<Page<UserSkill>>().items).toEqual([skill]);
    expect((await stranger.client.get('/api/users/me/skills')).json<Page<UserSkill>>().items).toEqual([]);
  });

  it(`holds at most ${MAX_SKILLS_PER_USER} skills per user, listed page by page in the order added`, async () => {
    const { client, user } = await signedUp();
    const token = await client.csrfToken();
    const add = (skillId: string) =>
      client.send(
        'POST',
        '/api/users/me/skills',
        { skillId, proficiencyLevel: 'Intermediate' },
        { 'x-csrf-token': token },
      );
    const ids = skillCatalogV1.slice(0, MAX_SKILLS_PER_USER + 1).map((skill) => skill.id);
    for (const id of ids.slice(0, MAX_SKILLS_PER_USER)) expect((await add(id)).status).toBe(201);
    const refused = await add(ids[MAX_SKILLS_PER_USER]!);
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'SKILL_LIMIT_REACHED', message: expect.stringContaining('100') });
    const listed = await walk<UserSkill>(client, '/api/users/me/skills', 30);
    expect(listed.map((skill) => skill.skill.id)).toEqual(ids.slice(0, MAX_SKILLS_PER_USER));
    await waitFor(() => lastEventOf(user.id)?.payload.skills.length === MAX_SKILLS_PER_USER);
    expect((await client.get('/api/users/me/skills?cursor=bogus')).status).toBe(400);
  });

  it('adds the "Skills Added" check to a student\'s dashboard, not to an employer\'s', async () => {
    const { client } = await signedUp();
    const skillsCheck = async (viewer: ApiClient) =>
      (await viewer.get('/api/dashboard')).json<Dashboard>().profileChecks.find((check) => check.key === 'skills');
    expect(await skillsCheck(client)).toEqual({ key: 'skills', label: 'Skills Added', done: false });
    await client.post('/api/users/me/skills', { name: 'Public Speaking', proficiencyLevel: 'Intermediate' });
    expect(await skillsCheck(client)).toEqual({ key: 'skills', label: 'Skills Added', done: true });
    const employer = await signedUp('employer');
    expect(await skillsCheck(employer.client)).toBeUndefined();
  });
});
