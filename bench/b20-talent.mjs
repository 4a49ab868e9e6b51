// B20 talent search (../shared/BENCHMARKS.md): `GET /api/talent?projectId=&skills=` through the gateway over
// 200,000 discoverable students, best fit first against the employer's project with a skills filter, against
// the baseline in the same run: the same query without the fit ranking (no projectId: most verified skills
// first, straight from matching's `talent` table). One request at a time over one kept-alive connection,
// interleaved ABBA (fit, baseline, baseline, fit, …) so that a machine's drift hits both; p50 and p99 of each.
//
// Set-up (printed, not measured): Projectory as `npm start` runs it (embedded mode, the bench's own database
// and a temporary data directory). Employers sign up through the API, take the culture assessment (their
// vector is part of a project's profile) and post one project each with the same required skills and values.
// Once matching's read models and rankings caught up with that, the students are seeded DIRECTLY in the
// bench database's `matching` schema with COPY (fixed seed): `people` (role student, discoverable),
// `student_skills` (as ReadModelRepository.applySkills stores them: [{ name, level, verified }]),
// `culture_profiles` (85% assessed, vectors as scoring/synthetic.ts makes them) and the `talent` row
// TalentRepository.refresh would write for each (skill keys from skillKey, the `simple` tsvector: checked by
// running refresh on a few of them in a rolled-back transaction, which must leave their rows as they are). Skill
// names are the catalog's (libs/contracts skillCatalog), Zipf-skewed with common skills first; 15% of a
// student's skills are verified. Seeded rows have `ranked_version = version`: their rankings count as
// current, so matching's reconciler does not rematch 200,000 students in the background while we measure
// (the search does not read the rankings). Then VACUUM ANALYZE, as autovacuum would get to it.
// The first fit request loads the packed StudentIndex (the warm-up, printed separately); the answers of both
// queries are checked (cards hold the filtered skills, fit present only with projectId) before measuring.
// The index keeps the last few projects' scores until a sync changes it (ScoreIndexService.rankStudentsFor):
// the measured searches, after each project's first, reuse them, as an employer refining a search or
// paging does; a project's first search after a change adds one scan of every student (about 11 ms here).
// Besides the latencies, Projectory's own CPU per request (its process; PostgreSQL's not included) is
// printed for each side: on this shared machine it depends much less on the other work than a latency does.
//
// The search's rate limit (TALENT_SEARCHES_PER_MINUTE = 60 per employer, an in-memory MemoryRateLimiter
// in TalentService, not configurable): the requests go round-robin over enough employers, each owning one
// active project of the same profile, that none makes more than 50 searches in the whole run.
//
// Knobs: B20_STUDENTS (default 200,000), B20_SAMPLES (measured requests per side, default 300),
// B20_SKILLS (the filter, a comma list of catalog names, default "TypeScript,SQL"), B20_EXPLAIN=1 (prints the
// plans, EXPLAIN ANALYZE, of the search's statements: the baseline's query, a fit batch's `eligible`, the cards).
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { CORE_VALUES, CULTURE_DIMENSIONS, proficiencyLevels, skillCatalog } from '@projectory/contracts';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { skillKey } from '../services/matching/dist/scoring/index.js';
import { Random } from '../services/matching/dist/scoring/synthetic.js';
import { TalentRepository } from '../services/matching/dist/talent/repositories/talent.repository.js';
import { machine, settle, waitForCount } from './chat-fixture.mjs';
import { createBenchDatabase, embeddedEnv, queryRunner, ratio, rowsRunner, startServer, stopAll } from './lib.mjs';

const SCRIPT = new URL('./chat-fixture.mjs', import.meta.url).pathname;
const STUDENTS = Math.max(1_000, Number(process.env.B20_STUDENTS || 200_000));
const SAMPLES = Math.max(10, Math.round(Number(process.env.B20_SAMPLES || 300) / 2) * 2);
const FILTER = (process.env.B20_SKILLS || 'TypeScript,SQL').split(',').map((name) => name.trim());
const WARMUP = 20;
const SEED = 20;
/** Searches per employer in the whole run, under TALENT_SEARCHES_PER_MINUTE (60). */
const SEARCHES_PER_EMPLOYER = 50;
const GOAL = { p50: 20, p99: 100 };

/** Culture assessment v1.0 answers (libs/testing's SAMPLE_ASSESSMENT_RESPONSES): Integrity, Growth, Innovation. */
const ASSESSMENT = {
  q1: 'small_team',
  q2: 'balanced',
  q3: 'fast_paced',
  q4: 'coaching',
  q5: 'continuous',
  q6: ['integrity', 'growth', 'innovation'],
  q7: ['startup', 'transparent'],
};

// ---------------------------------------------------------------------------------------------
// HTTP as a browser does it: cookies and the CSRF token, one kept-alive connection for everything.

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request; resolves with status, headers, body text and the time until its last byte (ms). */
function http(base, method, path, headers, json) {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (incoming) => {
        const chunks = [];
        incoming.on('data', (chunk) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

class Session {
  cookies = new Map();
  csrfToken = undefined;

  constructor(base) {
    this.base = base;
  }

  async send(method, path, json) {
    if (method !== 'GET') this.csrfToken ??= JSON.parse((await this.send('GET', '/api/auth/csrf')).text).csrfToken;
    const headers = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') headers['x-csrf-token'] = this.csrfToken;
    const response = await http(this.base, method, path, headers, json);
    for (const cookie of response.headers['set-cookie'] ?? []) {
      const [pair] = cookie.split(';');
      this.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return response;
  }

  async expect(status, method, path, json) {
    const response = await this.send(method, path, json);
    if (response.status !== status) {
      throw new Error(
        `${method} ${path} answered ${response.status} (expected ${status}): ${response.text.slice(0, 300)}`,
      );
    }
    return JSON.parse(response.text);
  }
}

// ---------------------------------------------------------------------------------------------
// The employers, through the API.

/** `count` employers, each assessed and owning one active project requiring FILTER; waits for matching. */
async function setUpEmployers(base, db, count) {
  const employers = [];
  for (let i = 0; i < count; i++) {
    const session = new Session(base);
    const { user } = await session.expect(201, 'POST', '/api/auth/signup', {
      firstName: 'Talent',
      lastName: `Employer ${i}`,
      email: `b20.${process.pid}.${Date.now().toString(36)}.${i}@example.com`,
      password: 'correct horse battery staple',
      role: 'employer',
      agreeTerms: true,
    });
    session.csrfToken = undefined; // bound to the session: the one before sign-up no longer works
    employers.push({ session, id: user.id, projectId: '' });
  }
  const ids = employers.map((employer) => employer.id);
  await waitForCount(
    db,
    'projects.people',
    'SELECT count(*) AS n FROM projects.people WHERE id = ANY($1)',
    [ids],
    count,
  );
  for (const [i, employer] of employers.entries()) {
    await employer.session.expect(201, 'POST', '/api/assessments', { responses: ASSESSMENT });
    const project = await employer.session.expect(201, 'POST', '/api/projects', {
      title: `Talent bench project ${i}`,
      description: 'A project whose employer searches for students during the benchmark.',
      exchangeType: 'mentorship',
      requiredSkills: FILTER,
      culturalValues: ['Integrity', 'Growth', 'Collaboration'],
    });
    employer.projectId = project.id;
  }
  const projectIds = employers.map((employer) => employer.projectId);
  await waitForCount(
    db,
    'matching.projects (active)',
    'SELECT count(*) AS n FROM matching.projects WHERE id = ANY($1) AND is_active AND snapshot_at IS NOT NULL',
    [projectIds],
    count,
  );
  await waitForCount(
    db,
    'matching.culture_profiles (employers)',
    'SELECT count(*) AS n FROM matching.culture_profiles WHERE user_id = ANY($1)',
    [ids],
    count,
  );
  await settle(db);
  return employers;
}

// ---------------------------------------------------------------------------------------------
// The students, seeded directly.

// Common skills first (students list these most), then the rest of the catalog in a fixed shuffle.
// prettier-ignore
const COMMON_SKILLS = [
  'Python', 'JavaScript', 'Microsoft Excel', 'SQL', 'Java', 'HTML', 'CSS', 'TypeScript', 'Git', 'React',
  'Teamwork', 'Public Speaking', 'Data Analysis', 'Problem Solving', 'Figma', 'Node.js', 'Project Management',
  'C++', 'Statistics', 'Critical Thinking', 'Time Management', 'Leadership', 'Machine Learning', 'Research',
  'Written Communication', 'Social Media Marketing', 'Graphic Design', 'Adobe Photoshop', 'Canva', 'Docker',
  'Linux', 'PostgreSQL', 'UX Design', 'Customer Service', 'Agile', 'C#', 'Tableau', 'Power BI', 'Spanish',
  'Copywriting', 'Content Writing', 'Accounting', 'Video Editing', 'R', 'MATLAB', 'Django', 'Flutter',
];
// prettier-ignore
const FIRST_NAMES = [
  'Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jun', 'Kofi', 'Lena', 'Mateo', 'Nia', 'Omar',
  'Priya', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Uma', 'Vik', 'Wen', 'Xavi', 'Yara', 'Zoe', 'Amara', 'Bruno', 'Carmen',
  'Dmitri', 'Esther', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Keiko', 'Luca', 'Maya', 'Noor',
];
// prettier-ignore
const LAST_NAMES = [
  'Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kaur', 'Lopez',
  'Moreau', 'Nakamura', 'Okafor', 'Patel', 'Quist', 'Rossi', 'Singh', 'Tanaka', 'Usman', 'Varga', 'Weber', 'Xu',
  'Young', 'Zimmer', 'Andersen', 'Bianchi', 'Costa', 'Dubois', 'Eriksen', 'Fontaine', 'Haddad', 'Kowalski',
];
// prettier-ignore
const SCHOOLS = [
  'Northfield University', 'Lakeside College', 'Riverside Institute of Technology', 'Westbrook University',
  'Eastgate Polytechnic', 'Hillcrest School of Design', 'Southport Business School', 'Greenvale University',
  'Kingsbridge College', 'Maple Ridge University', 'Harborview Institute', 'Stonebridge University',
];
// prettier-ignore
const MAJORS = [
  'Computer Science', 'Software Engineering', 'Data Science', 'Information Systems', 'Business Administration',
  'Marketing', 'Graphic Design', 'Mechanical Engineering', 'Electrical Engineering', 'Economics', 'Mathematics',
  'Psychology', 'Communications', 'Finance', 'Biology', 'Journalism', 'Architecture', 'Statistics',
];
const HEADLINES = ['student', 'student looking for a first project', 'undergraduate', 'graduate student', 'intern'];

/** The skills by popularity: COMMON_SKILLS, then the rest of the catalog shuffled with the seed. */
function skillsByPopularity() {
  const names = new Set(skillCatalog.map((skill) => skill.name));
  const missing = [...COMMON_SKILLS, ...FILTER].filter((name) => !names.has(name));
  if (missing.length > 0) throw new Error(`not catalog skill names: ${missing.join(', ')}`);
  const rest = [...names].filter((name) => !COMMON_SKILLS.includes(name));
  return [...COMMON_SKILLS, ...new Random(SEED + 1).sample(rest, rest.length)];
}

/** Cumulative Zipf weights (entry i: 1/(i+1)) of a list of `n`, normalized to 1. */
function zipf(n) {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) cumulative[i] = total += 1 / (i + 1);
  return cumulative.map((value) => value / total);
}

/** An index of a list by `cumulative` weights; draws one number from `random`. */
function skewedIndex(random, cumulative) {
  const target = random.next();
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle] > target) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The students, generated lazily and in the same order from the seed each time (one pass per table). */
function* students(count, popular, weights) {
  const random = new Random(SEED);
  for (let i = 0; i < count; i++) {
    const id = random.uuid();
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const major = random.pick(MAJORS);
    const school = random.pick(SCHOOLS);
    const graduationYear = random.between(2024, 2030);
    const headline = `${major} ${random.pick(HEADLINES)}`;
    const names = new Set();
    const wanted = random.between(1, 12);
    while (names.size < wanted) names.add(popular[skewedIndex(random, weights)]);
    const skills = [...names].map((name) => ({
      name,
      level: random.pick(proficiencyLevels),
      verified: random.chance(0.15),
    }));
    const assessed = random.chance(0.85);
    const exact = random.chance(0.9); // as synthetic.ts: assessment steps, a tenth arbitrary reals
    const culture = assessed
      ? {
          values: random.sample(CORE_VALUES, random.between(1, 3)).map((value) => value.value),
          vector: CULTURE_DIMENSIONS.map(() => (exact ? random.int(5) / 4 : random.next())),
        }
      : null;
    yield { id, firstName, lastName, major, school, graduationYear, headline, skills, culture };
  }
}

/** COPY text format: backslash, tab, newline and carriage return escaped; null as \N. */
const field = (value) => (value === null ? '\\N' : String(value).replace(/[\\\t\n\r]/g, (c) => escapes[c]));
const escapes = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const line = (values) => values.map(field).join('\t') + '\n';
/** A PostgreSQL array literal of text (each element quoted). */
const textArray = (items) => `{${items.map((item) => `"${item.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
const keysOf = (skills) => [...new Set(skills.map((skill) => skillKey(skill.name)).filter(Boolean))];

async function copyLines(client, table, columns, lines) {
  const stream = client.query(copyStreams.from(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  const done = finished(stream);
  let chunk = '';
  let rows = 0;
  for (const text of lines) {
    chunk += text;
    if (++rows % 2000 === 0) {
      if (!stream.write(chunk)) await once(stream, 'drain');
      chunk = '';
    }
  }
  if (chunk) stream.write(chunk);
  stream.end();
  await done;
}

/**
 * The seeded talent rows are those TalentRepository.refresh writes from the seeded read models: it rewrites
 * a few (in a transaction rolled back) and the rows must not change.
 */
async function checkRefresh(client) {
  const row = (id) =>
    client
      .query('SELECT to_jsonb(t) - $2 AS row, search::text FROM matching.talent t WHERE student_id = $1', [
        id,
        'search',
      ])
      .then((result) => JSON.stringify(result.rows[0]));
  const { rows } = await client.query('SELECT student_id FROM matching.talent ORDER BY student_id LIMIT 5');
  await client.query('BEGIN; SET LOCAL search_path = matching');
  try {
    for (const { student_id: id } of rows) {
      const seeded = await row(id);
      // The repository's SQL only needs `query`: a pg client serves as its EntityManager here.
      await new TalentRepository().refresh(/** @type {any} */ (rowsRunner(client)), id);
      const refreshed = await row(id);
      if (refreshed !== seeded) throw new Error(`talent row of ${id}: seeded ${seeded}, refresh writes ${refreshed}`);
    }
  } finally {
    await client.query('ROLLBACK');
  }
}

/** Seeds `count` discoverable students in matching's read models and its talent table. */
async function seedStudents(databaseUrl, count) {
  const popular = skillsByPopularity();
  const weights = zipf(popular.length);
  const each = () => students(count, popular, weights);
  const now = new Date().toISOString();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // prettier-ignore
    await copyLines(client, 'matching.people', ['id', 'first_name', 'last_name', 'role', 'snapshot_at', 'version',
      'ranked_version', 'headline', 'school', 'major', 'graduation_year', 'discoverable'], (function* () {
      for (const s of each()) {
        yield line([s.id, s.firstName, s.lastName, 'student', now, 1, 1, s.headline, s.school, s.major, s.graduationYear, 't']);
      }
    })());
    await copyLines(
      client,
      'matching.student_skills',
      ['user_id', 'skills', 'skills_at'],
      (function* () {
        for (const s of each()) yield line([s.id, JSON.stringify(s.skills), now]);
      })(),
    );
    await copyLines(
      client,
      'matching.culture_profiles',
      ['user_id', 'core_values', 'vector', 'completed_at'],
      (function* () {
        for (const s of each()) {
          if (s.culture) yield line([s.id, textArray(s.culture.values), `{${s.culture.vector.join(',')}}`, now]);
        }
      })(),
    );
    // The talent rows as TalentRepository.refresh writes them; the tsvector made by the database.
    await client.query(
      `CREATE TEMP TABLE talent_seed (LIKE matching.talent INCLUDING DEFAULTS);
       ALTER TABLE talent_seed DROP COLUMN search, ADD COLUMN search_text text NOT NULL`,
    );
    // prettier-ignore
    const columns = ['student_id', 'first_name', 'last_name', 'headline', 'school', 'major', 'graduation_year',
      'skills', 'verified_skills', 'skill_keys', 'verified_keys', 'verified_count'];
    await copyLines(
      client,
      'talent_seed',
      [...columns, 'search_text'],
      (function* () {
        for (const s of each()) {
          const verified = s.skills.filter((skill) => skill.verified);
          const text = [s.firstName, s.lastName, s.headline, s.school, s.major, ...s.skills.map((skill) => skill.name)];
          // prettier-ignore
          yield line([s.id, s.firstName, s.lastName, s.headline, s.school, s.major, s.graduationYear,
            textArray(s.skills.map((skill) => skill.name)), textArray(verified.map((skill) => skill.name)),
            textArray(keysOf(s.skills)), textArray(keysOf(verified)), verified.length, text.join(' ')]);
        }
      })(),
    );
    await client.query(
      `INSERT INTO matching.talent (${columns.join(', ')}, search)
       SELECT ${columns.join(', ')}, to_tsvector('simple', search_text) FROM talent_seed`,
    );
    await client.query('DROP TABLE talent_seed');
    for (const table of ['people', 'student_skills', 'culture_profiles', 'talent'])
      await client.query(`VACUUM ANALYZE matching.${table}`);
    await checkRefresh(client);
    const { rows } = await client.query(
      `SELECT count(*) FILTER (WHERE skill_keys @> $1) AS holding, count(*) AS n FROM matching.talent`,
      [keysOf(FILTER.map((name) => ({ name })))],
    );
    return { holding: Number(rows[0].holding), talent: Number(rows[0].n) };
  } finally {
    await client.end();
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements TalentRepository runs for `employerId`: the baseline's
 * search, the fit walk's first `eligible` batch (200 ids: the fit's cards and others) and the page's cards.
 */
async function explain(client, employerId, fitIds) {
  const { rows } = await client.query('SELECT student_id FROM matching.talent ORDER BY student_id LIMIT 200');
  const batch = [...fitIds, ...rows.map((row) => row.student_id)].slice(0, 200);
  const filters = { skillKeys: keysOf(FILTER.map((name) => ({ name }))), verifiedOnly: false };
  const repository = new TalentRepository();
  const calls = {
    'baseline search': (runner) => repository.search(runner, employerId, filters, 20),
    'fit batch eligible (200 ids)': (runner) => repository.eligible(runner, employerId, filters, batch),
    'cards (20 ids)': (runner) => repository.cards(runner, employerId, fitIds),
  };
  await client.query('SET search_path = matching');
  try {
    for (const [label, call] of Object.entries(calls)) {
      /** @type {{ sql: string, params: unknown[] }[]} */
      const statements = [];
      await call(
        queryRunner(async (sql, params) => {
          statements.push({ sql, params });
          return [];
        }),
      );
      for (const { sql, params } of statements) {
        await client.query(sql, params); // warm, as the measured requests ran it
        const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        console.log(
          `  plan of ${label}:\n${plan.rows.map((row) => `    ${row['QUERY PLAN'].slice(0, 160)}`).join('\n')}`,
        );
      }
    }
  } finally {
    await client.query('RESET search_path');
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring.

const percentile = (sorted, fraction) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
const ms = (value) => `${value.toFixed(2)} ms`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

let database;
let dataDir;
let db;
try {
  console.log(`B20 talent search (${machine()})`);
  database = await createBenchDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'projectory-b20-'));
  const projectory = await startServer(
    'embedded',
    // API only: web/dist may be rebuilt while we run.
    embeddedEnv({ databaseUrl: database.url, dataDir, webDistDir: join(dataDir, 'no-web') }),
    { script: SCRIPT, timeoutMs: 300_000 },
  );
  db = new pg.Client({ connectionString: database.url });
  await db.connect();

  const searches = 2 * (WARMUP + SAMPLES) + 4;
  const employerCount = Math.max(2, Math.ceil(searches / SEARCHES_PER_EMPLOYER));
  let started = performance.now();
  const employers = await setUpEmployers(projectory.url, db, employerCount);
  console.log(
    `  set-up: ${employerCount} employers (assessed, one active project each requiring ${FILTER.join(', ')}) ` +
      `through the API in ${((performance.now() - started) / 1000).toFixed(1)} s (≤ ${SEARCHES_PER_EMPLOYER} ` +
      `searches each: the search's limit is ${60}/min per employer)`,
  );

  started = performance.now();
  const seeded = await seedStudents(database.url, STUDENTS);
  console.log(
    `  seeded ${seeded.talent.toLocaleString('en-US')} discoverable students (people, student_skills, ` +
      `culture_profiles, talent; COPY + VACUUM ANALYZE) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `${seeded.holding.toLocaleString('en-US')} hold ${FILTER.join(' and ')}; load average ${load()}`,
  );
  if (seeded.talent !== STUDENTS) throw new Error(`talent holds ${seeded.talent} rows, expected ${STUDENTS}`);

  const skills = `skills=${encodeURIComponent(FILTER.join(','))}`;
  const paths = {
    fit: (employer) => `/api/talent?projectId=${employer.projectId}&${skills}`,
    baseline: () => `/api/talent?${skills}`,
  };
  let turn = 0;
  /** One search by the next employer in turn; throws unless 200. */
  async function search(kind) {
    const employer = employers[turn++ % employers.length];
    const response = await employer.session.send('GET', paths[kind](employer));
    if (response.status !== 200) {
      throw new Error(`GET ${paths[kind](employer)} answered ${response.status}: ${response.text.slice(0, 300)}`);
    }
    return response;
  }
  /** The cards hold every filtered skill, and a fit exactly when asked for. */
  function check(kind, response) {
    const cards = JSON.parse(response.text).items;
    if (!Array.isArray(cards) || cards.length === 0)
      throw new Error(`${kind}: no cards: ${response.text.slice(0, 300)}`);
    for (const card of cards) {
      if (!FILTER.every((name) => card.skills.includes(name)))
        throw new Error(`${kind}: a card without ${FILTER.join(', ')}: ${JSON.stringify(card).slice(0, 300)}`);
      if ((card.fit !== null) !== (kind === 'fit'))
        throw new Error(`${kind}: a card's fit is ${JSON.stringify(card.fit)}`);
    }
    return cards;
  }

  const first = await search('fit');
  const fitCards = check('fit', first);
  const second = await search('fit');
  const baseCards = check('baseline', await search('baseline'));
  console.log(
    `  warm-up: the first fit search (loads the StudentIndex of ${STUDENTS.toLocaleString('en-US')}) took ` +
      `${ms(first.ms)}, the next ${ms(second.ms)}; ${fitCards.length} cards, fit ${fitCards[0].fit.matchScore}–` +
      `${fitCards.at(-1).fit.matchScore}; baseline ${baseCards.length} cards, verified ` +
      `${baseCards[0].verifiedSkills.length}–${baseCards.at(-1).verifiedSkills.length}`,
  );

  const times = { fit: [], baseline: [] };
  for (let i = 0; i < WARMUP / 2; i++) for (const kind of ['fit', 'baseline', 'baseline', 'fit']) await search(kind);
  const loadBefore = load();
  // Projectory's CPU (user + system, all its threads) around each request: less at the mercy of the
  // machine's other work than the latency (PostgreSQL's share not included).
  const cpu = { fit: 0, baseline: 0 };
  for (let i = 0; i < SAMPLES / 2; i++) {
    for (const kind of ['fit', 'baseline', 'baseline', 'fit']) {
      const before = await projectory.cpu();
      times[kind].push((await search(kind)).ms);
      cpu[kind] += (await projectory.cpu()) - before;
    }
  }
  const [fit, baseline] = [times.fit, times.baseline].map((list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), n: sorted.length };
  });
  console.log(
    `  baseline (no projectId: most verified first): p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)} over ${baseline.n}`,
  );
  console.log(`  fit (projectId, best fit first): p50 ${ms(fit.p50)}, p99 ${ms(fit.p99)} over ${fit.n}`);
  const perRequest = (kind) => `${(cpu[kind] / times[kind].length / 1000).toFixed(2)} ms`;
  console.log(
    `  Projectory's CPU per request (its process, user + system): fit ${perRequest('fit')}, baseline ` +
      `${perRequest('baseline')}`,
  );
  console.log(`  load average before the measured requests ${loadBefore}, after ${load()}`);
  const met = fit.p50 <= GOAL.p50 && fit.p99 <= GOAL.p99;
  console.log(
    `B20 talent search: fit p50 ${ms(fit.p50)}, p99 ${ms(fit.p99)} over ${STUDENTS.toLocaleString('en-US')} ` +
      `students, skills ${FILTER.join(',')} (goal p50 ≤ ${GOAL.p50} ms, p99 ≤ ${GOAL.p99} ms: ` +
      `${met ? 'met' : 'missed'}); ${ratio(fit.p50, baseline.p50)}x the baseline's p50, ` +
      `${ratio(fit.p99, baseline.p99)}x its p99 (baseline p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)}); ${machine()}`,
  );
  if (process.env.B20_EXPLAIN)
    await explain(
      db,
      employers[0].id,
      fitCards.map((card) => card.id),
    );
} finally {
  agent.destroy();
  await db?.end().catch(() => undefined);
  await stopAll();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
