// Shared by B4 project pages and B5 project search (../shared/BENCHMARKS.md): a projects service
// database of synthetic projects (fixed seed), built with the service's own migrations, and the
// projects service itself in a child process.
//
// - The bench's own database (lib.mjs createBenchDatabase, dropped at the end), schema `projects`
//   migrated by the service's DataSource (openDataSource + migrateDataSource with the migrations of
//   services/projects/dist, exactly as MIGRATE_ON_START does).
// - Rows are loaded with COPY (text format, pg-copy-streams). The table's indexes, as the migration
//   made them, are dropped before the load and rebuilt after it from their own definitions
//   (pg_get_indexdef / pg_get_constraintdef), then checked to be the same set; as a bulk load would.
// - Titles and descriptions are English sentences from templates and word lists. Every pick from a
//   list is skewed (Zipf, exponent 1, in list order: the first entry about 1/H(n) of the picks, the
//   n-th n times rarer), as words are in real text: "app", "React" or "mobile" are in a fifth to a
//   third of the projects, the tail of the lists and of TOPICS (a long list of subjects) in well under
//   1%. Two-term searches drawn the same way (searchQueries) so find from a few dozen to tens of
//   thousands of projects per million. Rows are written oldest first, as an append-mostly table grows;
//   about 4% are inactive and 2% archived, so they are not listed.
// - The projects service (bench/server.mjs projects) runs as its main.js builds it (createServiceApp,
//   same module, same configuration schema), with no background workers, and is reached with an
//   identity signed the way the gateway signs it.
// - runProjectsBench does the frame both benchmarks share: header, database, seed, service, clean-up.
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { finished } from 'node:stream/promises';
import { exchangeTypes, INTERNAL_IDENTITY_HEADER } from '@projectory/contracts';
import { migrateDataSource, openDataSource, signIdentity } from '@projectory/platform';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { projectsService } from '../services/projects/dist/index.js';
import { Random } from '../services/matching/dist/scoring/synthetic.js';
import { ProjectRepository } from '../services/projects/dist/repositories/project.repository.js';
import { int, machine, percentile } from './b9-topk-writes.mjs';
import { BENCH_SECRET, createBenchDatabase, queryRunner, serviceEnv, startServer, stopAll } from './lib.mjs';

export { int, machine };

export const SCHEMA = projectsService.definition.name; // 'projects'

// ---------------------------------------------------------------------------------------------
// Word lists. Titles: "<verb> <a|an|the> <quality> <product> for <client>". Descriptions: 5–8
// sentences of the templates below. Nothing here needs escaping in COPY's text format.

// prettier-ignore
const VERBS = [
  'Build', 'Design', 'Redesign', 'Prototype', 'Launch', 'Improve', 'Automate', 'Analyze', 'Migrate', 'Test',
  'Document', 'Optimize', 'Research', 'Map', 'Evaluate', 'Create', 'Develop', 'Refactor', 'Audit', 'Localize',
  'Visualize', 'Streamline', 'Modernize', 'Plan', 'Rewrite', 'Illustrate', 'Translate', 'Measure', 'Simplify',
  'Expand',
];
// prettier-ignore
const QUALITIES = [
  'mobile', 'web', 'internal', 'open-source', 'accessible', 'bilingual', 'real-time', 'offline', 'data-driven',
  'lightweight', 'interactive', 'secure', 'customer-facing', 'automated', 'cloud', 'printable', 'seasonal',
  'multilingual', 'self-service', 'low-cost', 'sustainable', 'modular', 'shared', 'public', 'weekly', 'quarterly',
  'regional', 'digital', 'visual', 'simple',
];
// prettier-ignore
const PRODUCTS = [
  'app', 'dashboard', 'website', 'landing page', 'onboarding flow', 'checkout', 'booking system', 'inventory tracker',
  'newsletter', 'chatbot', 'API', 'data pipeline', 'survey', 'brand identity', 'marketing campaign', 'podcast',
  'style guide', 'recommendation engine', 'analytics report', 'help center', 'CRM integration', 'payment flow',
  'scheduling tool', 'donor database', 'training course', 'mentoring program', 'field study', 'user research study',
  'price comparison', 'forecasting model', 'photo archive', 'volunteer portal', 'menu', 'annual report',
  'grant proposal', 'social media plan', 'video series', 'map of services', 'feedback form', 'loyalty program',
  'energy audit', 'routing planner', 'quiz game', 'accessibility review', 'support bot', 'reading list',
  'exhibition guide', 'event calendar', 'sensor network', 'translation memory',
];
// prettier-ignore
const CLIENTS = [
  'a local food bank', 'a community clinic', 'a student union', 'a regional bakery chain', 'a nonprofit theatre',
  'small farmers', 'a climbing gym', 'the city library', 'a fintech startup', 'neighbourhood volunteers',
  'a recycling cooperative', 'a family-run hotel', 'a veterinary practice', 'a youth football club',
  'a bike repair shop', 'an architecture studio', 'a language school', 'a museum of science', 'a craft brewery',
  'a housing association', 'a dental practice', 'an online bookshop', 'a logistics company', 'a solar installer',
  'a music festival', 'a coworking space', 'a law firm', 'a wildlife charity', 'a robotics club', 'a tea importer',
  'a fashion label', 'a school district', 'an animal shelter', 'a hospital ward', 'a ferry operator',
  'a marine research lab', 'a florist', 'a city council', 'a game studio', 'a retirement home',
];
// prettier-ignore
const ORG_TYPES = [
  'small team', 'growing startup', 'nonprofit', 'family business', 'research group', 'agency', 'cooperative',
  'social enterprise', 'public body', 'volunteer network', 'studio', 'charity',
];
// prettier-ignore
const ORG_TRAITS = [
  'based in the city centre', 'with offices in three countries', 'that works mostly remotely', 'run by volunteers',
  'founded last year', 'with a long history', 'that serves rural areas', 'focused on education',
  'focused on healthcare', 'focused on climate', 'with a tight budget', 'that is growing fast',
  'serving thousands of customers', 'with a loyal local audience',
];
// prettier-ignore
const PROBLEMS = [
  'slow and hard to use on phones', 'out of date', 'spread across spreadsheets', 'confusing for new visitors',
  'built on software nobody maintains', 'difficult to update', 'missing key numbers', 'inconsistent in tone',
  'not accessible to screen readers', 'only available in English', 'expensive to run', 'full of manual steps',
  'rarely used', 'hard to find in search engines', 'unreliable at peak times', 'without any tests',
];
// prettier-ignore
const PEOPLE = [
  'customers', 'members', 'patients', 'students', 'visitors', 'donors', 'volunteers', 'parents', 'tenants', 'readers',
  'listeners', 'suppliers', 'drivers', 'staff', 'partners', 'guests',
];
// prettier-ignore
const COMPLAINTS = [
  'keep asking for a simpler way', 'often give up halfway', 'call us instead', 'have asked for it in writing',
  'want answers faster', 'would like to pay online', 'miss important updates', 'struggle with the forms',
  'ask for better reports', 'expect it to work offline', 'want to book without calling', 'need clearer prices',
];
// prettier-ignore
const TASKS = [
  'interview a handful of {people}', 'sketch wireframes', 'write unit tests', 'clean the existing data',
  'set up analytics', 'translate the content into Spanish', 'benchmark three competitors', 'prepare a launch plan',
  'build a clickable prototype', 'write the documentation', 'run usability tests', 'design the database schema',
  'automate the weekly export', 'shoot and edit short videos', 'draft the copy', 'model the costs',
  'collect feedback from {people}', 'plan the roll-out', 'compare hosting options', 'review the security settings',
  'create a colour palette', 'measure page speed', 'organise a workshop', 'label the photos',
  'map the current process', 'write a short report', 'migrate the old records', 'train the staff',
  'present the results', 'fix the layout on small screens',
];
// prettier-ignore
export const SKILLS = [
  'React', 'TypeScript', 'JavaScript', 'Python', 'SQL', 'Figma', 'Excel', 'Tableau', 'copywriting', 'photography',
  'accounting', 'statistics', 'machine learning', 'SEO', 'video editing', 'Docker', 'Kotlin', 'Swift', 'Spanish',
  'French', 'German', 'illustration', 'project management', 'public speaking', 'PostgreSQL', 'Node.js', 'Java', 'Go',
  'R', 'Power BI', 'WordPress', 'Shopify', 'Flutter', 'Django', 'AWS', 'research methods', 'data visualization',
  'UX writing', 'Blender', 'Unity', 'embedded C', 'GIS', 'bookkeeping', 'event planning', 'interviewing', 'Arduino',
];
/** Subjects a project touches on: the long tail of the vocabulary. */
// prettier-ignore
const TOPICS = [
  'sales', 'marketing', 'education', 'health', 'finance', 'retail', 'tourism', 'logistics', 'energy', 'housing',
  'transport', 'agriculture', 'recycling', 'fundraising', 'hiring', 'nutrition', 'fitness', 'music', 'theatre',
  'sport', 'gardening', 'cycling', 'childcare', 'insurance', 'banking', 'pharmacy', 'dentistry', 'law', 'journalism',
  'publishing', 'gaming', 'hospitality', 'catering', 'fashion', 'textiles', 'furniture', 'construction', 'plumbing',
  'mining', 'forestry', 'fishing', 'aviation', 'shipping', 'wine', 'coffee', 'chocolate', 'cheese', 'bakery',
  'brewing', 'beekeeping', 'composting', 'hydroponics', 'irrigation', 'wildlife', 'birdwatching', 'astronomy',
  'geology', 'archaeology', 'genealogy', 'robotics', 'drones', 'printing', 'ceramics', 'woodworking', 'knitting',
  'pottery', 'calligraphy', 'typography', 'cartography', 'meteorology', 'oceanography', 'seismology', 'volcanoes',
  'glaciers', 'wetlands', 'orchards', 'vineyards', 'lighthouses', 'canals', 'bridges', 'tunnels', 'railways',
  'tramways', 'ferries', 'marathons', 'rowing', 'fencing', 'archery', 'chess', 'origami', 'puppetry', 'magic',
  'circus', 'opera', 'ballet', 'jazz', 'folklore', 'heraldry', 'numismatics', 'philately', 'horology', 'perfumery',
  'taxidermy', 'falconry', 'bookbinding', 'glassblowing', 'blacksmithing', 'saddlery', 'lacemaking', 'mosaics',
  'stonemasonry', 'thatching', 'cooperage',
];
// prettier-ignore
const DELIVERABLES = [
  'a working prototype', 'a case study', 'a published report', 'a live website', 'a portfolio piece', 'a tested app',
  'a set of designs', 'a data model', 'a short film', 'a documented API', 'an open-source repository',
  'a marketing plan', 'a training pack', 'a style guide',
];
// prettier-ignore
const BENEFITS = [
  'a reference letter', 'a certificate of completion', 'introductions to our partners', 'weekly mentoring sessions',
  'a seat at our next conference', 'lunch with the founders', 'credit on the final product',
  'a recommendation on LinkedIn', 'access to our design library', 'feedback from senior engineers',
];
// prettier-ignore
const MODES = [
  'fully remote', 'from our office twice a week', 'on site', 'in a hybrid setup', 'flexibly around your classes',
  'mostly asynchronously', 'alongside our design team', 'with our volunteers on weekends',
];
// prettier-ignore
const SUPPORT = [
  'answer questions within a day', 'review your work every Friday', 'pair with you when you are stuck',
  'give you access to real data', 'share the tools we use', 'introduce you to our clients',
];
// prettier-ignore
export const CULTURAL_VALUES = [
  'Collaboration', 'Innovation', 'Autonomy', 'Transparency', 'Work-life balance', 'Diversity', 'Sustainability',
  'Learning', 'Customer focus', 'Quality', 'Impact', 'Flexibility',
];
// prettier-ignore
const FIRST_NAMES = [
  'Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jun', 'Kofi', 'Lena', 'Mateo', 'Nia', 'Omar',
  'Priya', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Uma', 'Vik', 'Wen', 'Xavi', 'Yara', 'Zoe',
];
// prettier-ignore
const LAST_NAMES = [
  'Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kaur', 'Lopez',
  'Moreau', 'Nakamura', 'Okafor', 'Patel', 'Quist', 'Rossi', 'Singh', 'Tanaka', 'Usman', 'Varga', 'Weber', 'Xu',
  'Young', 'Zimmer',
];
// prettier-ignore
const COMPANY_WORDS = [
  'Northwind', 'Bluebird', 'Copperleaf', 'Driftwood', 'Evergreen', 'Foxglove', 'Granite', 'Harbour', 'Ironbark',
  'Juniper', 'Kestrel', 'Lighthouse', 'Meadow', 'Nimbus', 'Orchard', 'Pinecone',
];
const COMPANY_KINDS = ['Labs', 'Studio', 'Foundation', 'Collective', 'Partners', 'Works', 'Group', 'Trust'];

const article = (word) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const capitalize = (text) => text[0].toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------
// Skewed picks: entry i (from 0) of a list of n with probability (1/(i+1)) / H(n), H(n) = Σ 1/k.

const cumulativeWeights = new Map();

/** An entry of `list`, Zipf-skewed in list order; draws one number from `random`. */
export function skewedPick(random, list) {
  let cumulative = cumulativeWeights.get(list);
  if (!cumulative) {
    cumulative = new Float64Array(list.length);
    let total = 0;
    list.forEach((_, i) => (cumulative[i] = total += 1 / (i + 1)));
    cumulative = cumulative.map((value) => value / total);
    cumulativeWeights.set(list, cumulative);
  }
  const target = random.next();
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle] > target) high = middle;
    else low = middle + 1;
  }
  return list[low];
}

/** `n` distinct entries of `list` (n well below its length), each skewed as skewedPick. */
function skewedSample(random, list, n) {
  const picked = new Set();
  while (picked.size < n) picked.add(skewedPick(random, list));
  return [...picked];
}

/** One project's title and description; each call draws from `random` only. */
export function projectText(random) {
  const pick = (list) => skewedPick(random, list);
  const task = () => pick(TASKS).replace('{people}', () => pick(PEOPLE));
  const quality = pick(QUALITIES);
  const product = pick(PRODUCTS);
  const title = `${pick(VERBS)} ${random.chance(0.5) ? 'the' : article(quality)} ${quality} ${product} for ${pick(CLIENTS)}`;
  const orgType = pick(ORG_TYPES);
  const [topic1, topic2, topic3] = skewedSample(random, TOPICS, 3);
  const sentences = [
    `We are ${article(orgType)} ${orgType} ${pick(ORG_TRAITS)}, looking for a student to help with our ${product}.`,
    `The current ${product} is ${pick(PROBLEMS)}, and our ${pick(PEOPLE)} ${pick(COMPLAINTS)}.`,
    `The work touches on ${topic1}, ${topic2} and ${topic3}.`,
    `You will ${task()} and ${task()}.`,
  ];
  const [first, second, third] = skewedSample(random, SKILLS, 3);
  if (random.chance(0.8)) {
    sentences.push(`Good knowledge of ${first} and ${second} is helpful; experience with ${third} is a plus.`);
  }
  if (random.chance(0.6)) sentences.push(`Our team will ${pick(SUPPORT)}, and you can also ${task()}.`);
  sentences.push(
    `Expect about ${random.between(3, 15)} hours a week over ${random.between(4, 16)} weeks, working ${pick(MODES)}.`,
  );
  if (random.chance(0.7)) {
    sentences.push(`At the end you will have ${pick(DELIVERABLES)} for your portfolio and ${pick(BENEFITS)}.`);
  }
  return { title: capitalize(title), description: sentences.join(' ') };
}

/**
 * One project as `POST /api/projects` takes it (API.md "Projects"; within its limits: titles under 100
 * characters, descriptions under 1,000), drawn from `random` only. The COPY rows are made of the same.
 */
export function projectInput(random) {
  const { title, description } = projectText(random);
  return {
    title,
    description,
    exchangeType: random.pick(exchangeTypes),
    exchangeDescription: random.chance(0.5) ? `${capitalize(random.pick(BENEFITS))} after the project.` : null,
    duration: random.chance(0.8) ? `${random.between(2, 16)} weeks` : null,
    requiredSkills: skewedSample(random, SKILLS, random.between(1, 6)),
    culturalValues: random.sample(CULTURAL_VALUES, random.between(0, 4)),
  };
}

/** Single words of at least three letters (two-term queries must stay two terms after parsing). */
const singleWords = (list) => list.filter((entry) => /^[A-Za-z]{3,}$/.test(entry));
const SUBJECTS = [singleWords(SKILLS), singleWords(QUALITIES), TOPICS];
const PRODUCT_WORDS = singleWords(PRODUCTS);

/**
 * `count` distinct two-term searches "<subject> <product>" ("react dashboard", "beekeeping app"): the
 * subject a skill, a quality or a topic, and each word skewed as in the data, so popular words are
 * searched more often, as users do.
 */
export function searchQueries(random, count) {
  const queries = new Set();
  for (let attempts = 0; queries.size < count && attempts < count * 100; attempts++) {
    const subject = skewedPick(random, random.pick(SUBJECTS));
    queries.add(`${subject} ${skewedPick(random, PRODUCT_WORDS)}`.toLowerCase());
  }
  return [...queries];
}

// ---------------------------------------------------------------------------------------------
// The rows.

const START_MICROS = Date.UTC(2023, 0, 1) * 1000;
const SPAN_MICROS = 3 * 365 * 86_400 * 1e6; // three years of postings

/** `micros` since the epoch as ISO 8601 with microseconds (Postgres' precision). */
function isoMicros(micros) {
  const ms = Math.floor(micros / 1000);
  const iso = new Date(ms).toISOString(); // …ss.mmmZ
  return `${iso.slice(0, -1)}${String(micros - ms * 1000).padStart(3, '0')}Z`;
}

const arrayLiteral = (items) => `{${items.map((item) => `"${item}"`).join(',')}}`;

/** COPY text format: backslash, tab, newline and carriage return escaped; null as \N. */
const field = (value) => (value === null ? '\\N' : String(value).replace(/[\\\t\n\r]/g, (c) => escapes[c]));
const escapes = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

// prettier-ignore
export const PROJECT_COLUMNS = [
  'id', 'employer_id', 'title', 'description', 'exchange_type', 'exchange_description', 'duration', 'required_skills',
  'cultural_values', 'is_active', 'archived_at', 'applicant_count', 'created_at', 'updated_at',
];

/**
 * The synthetic data set: `count` projects by `employers` employers, oldest first, from `seed`.
 * Generated lazily, in order, so a million rows never sit in memory at once.
 */
export function syntheticProjects({ count, employers = Math.max(10, Math.round(count / 50)), seed = 4 }) {
  const random = new Random(seed);
  const employerIds = Array.from({ length: employers }, () => random.uuid());
  const people = employerIds.map((id) => ({
    id,
    firstName: random.pick(FIRST_NAMES),
    lastName: random.pick(LAST_NAMES),
    company: random.chance(0.9) ? `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_KINDS)}` : null,
  }));
  const meanGap = SPAN_MICROS / count;

  function* projectLines() {
    let micros = START_MICROS;
    for (let i = 0; i < count; i++) {
      micros += Math.max(1, Math.round(-Math.log(1 - random.next()) * meanGap)); // Poisson arrivals
      const project = projectInput(random);
      const archived = random.chance(0.02);
      const active = random.chance(0.96);
      const createdAt = isoMicros(micros);
      const line = [
        random.uuid(),
        random.pick(employerIds),
        project.title,
        project.description,
        project.exchangeType,
        project.exchangeDescription,
        project.duration,
        arrayLiteral(project.requiredSkills),
        arrayLiteral(project.culturalValues),
        active ? 't' : 'f',
        archived ? createdAt : null,
        random.int(30),
        createdAt,
        createdAt,
      ];
      yield line.map(field).join('\t') + '\n';
    }
  }
  return { count, people, projectLines };
}

// ---------------------------------------------------------------------------------------------
// The database.

/** A client of the bench database with the service's schema first on its search path. */
export async function connect(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${SCHEMA}` });
  await client.connect();
  return client;
}

/**
 * Applies the projects service's migrations to the (empty) database, as MIGRATE_ON_START does. Two
 * connections, not one: migrateDataSource holds one for its advisory lock while TypeORM's
 * runMigrations takes another from the pool, so a pool of one waits forever (platform's
 * migrateService, which passes poolSize 1, hangs on a fresh database the same way).
 */
export async function migrateProjects(databaseUrl) {
  const dataSource = await openDataSource({
    schema: SCHEMA,
    url: databaseUrl,
    migrations: projectsService.definition.migrations,
    poolSize: 2,
  });
  try {
    return await migrateDataSource(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

async function copyLines(client, table, columns, lines) {
  const stream = client.query(copyStreams.from(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  const done = finished(stream);
  let chunk = '';
  let rows = 0;
  for (const line of lines) {
    chunk += line;
    if (++rows % 2000 === 0) {
      if (!stream.write(chunk)) await once(stream, 'drain');
      chunk = '';
    }
  }
  if (chunk) stream.write(chunk);
  stream.end();
  await done;
}

/** The indexes of `table` as SQL that recreates each (a constraint's index through its constraint). */
async function indexDefinitions(client, table) {
  const { rows } = await client.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition,
            c.conname AS constraint_name, pg_get_constraintdef(c.oid) AS constraint_definition
     FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
     WHERE i.indrelid = $1::regclass ORDER BY 1`,
    [table],
  );
  return rows;
}

/**
 * A fresh projects service database with `data` (syntheticProjects) loaded. Returns timings (ms).
 * `log` gets progress lines.
 * @param {string} databaseUrl
 * @param {any} data
 * @param {(line: string) => void} [log]
 */
export async function seedProjects(databaseUrl, data, log = () => {}) {
  const timings = {};
  let started = performance.now();
  const applied = await migrateProjects(databaseUrl);
  timings.migrate = performance.now() - started;
  log(`migrated schema ${SCHEMA}: ${applied.join(', ')}`);

  const client = await connect(databaseUrl);
  try {
    await client.query("SET maintenance_work_mem = '1GB'");
    const indexes = await indexDefinitions(client, 'projects');
    for (const index of indexes) {
      if (index.constraint_name) await client.query(`ALTER TABLE projects DROP CONSTRAINT ${index.constraint_name}`);
      else await client.query(`DROP INDEX ${index.name}`);
    }

    started = performance.now();
    await copyLines(
      client,
      'people',
      ['id', 'first_name', 'last_name', 'company', 'role', 'snapshot_at'],
      data.people.map(
        (p) =>
          [p.id, p.firstName, p.lastName, p.company, 'employer', '2022-12-01T00:00:00Z'].map(field).join('\t') + '\n',
      ),
    );
    await copyLines(client, 'projects', PROJECT_COLUMNS, data.projectLines());
    timings.copy = performance.now() - started;
    log(
      `COPY ${data.count.toLocaleString('en-US')} projects (${data.people.length.toLocaleString('en-US')} employers) in ${(timings.copy / 1000).toFixed(1)} s`,
    );

    started = performance.now();
    for (const index of indexes) {
      const indexStarted = performance.now();
      if (index.constraint_name) {
        await client.query(
          `ALTER TABLE projects ADD CONSTRAINT ${index.constraint_name} ${index.constraint_definition}`,
        );
      } else {
        await client.query(index.definition);
      }
      log(`  index ${index.name} in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`);
    }
    const rebuilt = await indexDefinitions(client, 'projects');
    const key = (list) => JSON.stringify(list.map((index) => [index.name, index.definition]));
    if (key(rebuilt) !== key(indexes)) {
      throw new Error(`rebuilt indexes differ from the migration's:\n${key(rebuilt)}\n${key(indexes)}`);
    }
    timings.index = performance.now() - started;

    started = performance.now();
    await client.query('VACUUM ANALYZE projects'); // steady state: visibility map, statistics
    await client.query('VACUUM ANALYZE people');
    await client.query('CHECKPOINT');
    timings.vacuum = performance.now() - started;
    const { rows } = await client.query(
      `SELECT pg_size_pretty(pg_total_relation_size('projects')) AS total, pg_size_pretty(pg_relation_size('projects')) AS heap,
              pg_size_pretty(pg_relation_size('projects_search_idx')) AS gin,
              (SELECT count(*) FROM projects WHERE is_active AND archived_at IS NULL)::int AS listed`,
    );
    log(
      `indexes rebuilt (as migrated) in ${(timings.index / 1000).toFixed(1)} s, VACUUM ANALYZE + CHECKPOINT in ` +
        `${(timings.vacuum / 1000).toFixed(1)} s; projects ${rows[0].total} (heap ${rows[0].heap}, GIN ${rows[0].gin}), ` +
        `${rows[0].listed.toLocaleString('en-US')} listed`,
    );
    return { timings, listed: rows[0].listed };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The service and its HTTP path.

/** The projects service (bench/server.mjs projects) on the bench database; `stop()` ends it. */
export function startProjectsService(databaseUrl) {
  return startServer('projects', serviceEnv(databaseUrl));
}

/** What the gateway adds for a signed-in student (long-lived, so it outlasts the run). */
export function studentHeaders(userId = '00000000-0000-4000-8000-00000000b4b5') {
  /** @type {import('@projectory/platform').InternalIdentity} */
  const identity = { userId, role: 'student', sessionId: 'bench-session' };
  return { [INTERNAL_IDENTITY_HEADER]: signIdentity(BENCH_SECRET, identity, 6 * 3600) };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** GET over one kept-alive connection; resolves with status, body text and latency (ms, until the last byte). */
export function timedGet(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The JSON of a 200 answer, or an error naming what came instead: never measure an error page. */
export async function getJson(url, headers) {
  const { status, body } = await timedGet(url, headers);
  if (status !== 200) throw new Error(`GET ${url} answered ${status}: ${body.slice(0, 300)}`);
  return JSON.parse(body);
}

export function closeAgent() {
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------
// The service's own SQL, run directly (the statements its HTTP handlers run, without the HTTP path).

/** The projects service's repository: its SQL for browsing and search. */
export const projectRepository = new ProjectRepository();

/** The plan outline of the statement `call(runner)` runs, e.g. (runner) => projectRepository.newest(runner, …). */
export async function planOfCall(client, call) {
  /** @type {{ sql: string, params?: unknown[] } | undefined} */
  let statement;
  await call(
    queryRunner(async (sql, params) => {
      statement = { sql, params };
      return [];
    }),
  );
  if (!statement) throw new Error('the call ran no statement');
  return planOutline(client, statement.sql, statement.params);
}

// ---------------------------------------------------------------------------------------------
// Figures.

/** p50/p99/min/max of latencies (ms). */
export function summary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

/** One information line of a side's latencies. */
export const figureLine = (label, f, what = 'requests') =>
  `  ${label.padEnd(36)} p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  min ${ms(f.min)}  max ${ms(f.max)}  (${int(f.n)} ${what})`;

export const ms = (value) =>
  `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} ms`;

/**
 * Runs `sides` (name → async () => latency ms) interleaved ABBA: `rounds` rounds, each side `perRound`
 * times a round, the order reversed every other round, after `warmup` discarded calls of each.
 * `perRound` and `warmup` are numbers, or objects giving each side's.
 */
export async function interleave(sides, { rounds, perRound, warmup }) {
  const names = Object.keys(sides);
  const countOf = (setting, name) => (typeof setting === 'number' ? setting : (setting[name] ?? 0));
  const latencies = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) for (let i = 0; i < countOf(warmup, name); i++) await sides[name]();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      for (let i = 0; i < countOf(perRound, name); i++) latencies[name].push(await sides[name]());
    }
  }
  return Object.fromEntries(names.map((name) => [name, summary(latencies[name])]));
}

/** The plan's nodes, e.g. "Limit > Index Scan using projects_listed_idx on projects p", for information. */
export async function planOutline(runner, sql, params) {
  const rows = await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const plan = (rows.rows ?? rows)[0]['QUERY PLAN'][0].Plan;
  const names = [];
  const walk = (node) => {
    let name = node['Node Type'];
    if (node['Index Name']) name += ` using ${node['Index Name']}`;
    if (node['Relation Name'] && !node['Index Name']) name += ` on ${node['Relation Name']}`;
    if (node['Workers Planned']) name += ` (${node['Workers Planned']} workers)`;
    names.push(name);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return names.join(' > ');
}

// ---------------------------------------------------------------------------------------------
// The frame of B4 and B5.

/**
 * Prints `title` with the machine, makes the bench database with `projects` synthetic projects, starts
 * the service, and runs `measure({ client, service, headers, listed, log })` (client: a connection to
 * the bench database, search_path the service's schema; headers: a signed-in student's). Whatever
 * happens, stops what it started and drops the database; a failure sets a non-zero exit code.
 */
export async function runProjectsBench(title, projects, measure) {
  const name = title.split(' ')[0];
  const started = performance.now();
  const log = (line) => console.log(`  ${line}`);
  console.log(`${title}; ${machine()}`);
  let database;
  let client;
  try {
    database = await createBenchDatabase();
    const { listed } = await seedProjects(database.url, syntheticProjects({ count: projects }), log);
    client = await connect(database.url);
    const service = await startProjectsService(database.url);
    await measure({ client, service, headers: studentHeaders(), listed, log });
  } catch (error) {
    console.error(`${name} failed:`, error);
    process.exitCode = 1;
  } finally {
    closeAgent();
    await client?.end().catch(() => {});
    await stopAll();
    await database?.drop();
    console.log(`  (${name} took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}
