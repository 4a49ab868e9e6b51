// B5 project search (../shared/BENCHMARKS.md): two-term full-text searches over 1M projects through
// the projects service (`GET /api/projects?q=`: websearch_to_tsquery on the generated tsvectors, GIN
// indexes, ranked in tiers — ADR 0013) against the same searches written with ILIKE, on the same data
// in this run.
// Latency of one request at a time (one kept-alive connection, one database connection), four sides
// interleaved ABBA:
//   http         GET /api/projects?q=<a b> on the service: the figure for the p50 goal;
//   fts          the service's own search SQL (its ProjectRepository: the plan choice, then one
//                statement, or one per tier) on a pg connection, no HTTP and no transaction;
//   ilike        the same query with ILIKE: listed projects whose title or description contains each
//                word (`%a%`), best first as the service ranks (ADR 0013's tiers: for two words, the
//                number of them found in the title), then newest; the first limit + 1 rows, the same
//                columns and join. ILIKE has no index: a full scan.
//   ilike-newest the same without the ranking, newest first: it may stop after the first 21 matches
//                along the newest-first index when its words are common (for information: what the
//                ranking costs).
// The goal's ratio compares the two ranked SQL sides (ilike / fts, same path); against HTTP it is
// printed too.
//
// - Data: bench/projects-fixture.mjs, shared with B4: the bench's own database, 1M synthetic projects
//   (fixed seed) whose words are Zipf-skewed, so some are in a third of the projects and some in a few
//   hundred. The queries (searchQueries, fixed seed) are "<subject> <product>" pairs drawn with the
//   same skew: each one's hits (listed projects matching, counted with SQL) are printed.
// - ILIKE is not quite the same predicate: it matches substrings ("app" in "approach"), without
//   stemming.
// - Checked before measuring: each query parses to two terms, the service's first page equals its
//   SQL's, and every ILIKE row contains both words (this pass also warms the ILIKE sides up).
//
// Knobs: B5_PROJECTS (default 1,000,000), B5_QUERIES (distinct queries, default 24), B5_REPEAT
// (measured runs of each query on the http and fts sides, default 20), B5_ILIKE_REPEAT (on each ILIKE
// side, default 2: a ranked ILIKE reads the whole table, seconds at 1M).
import { listProjectsQuerySchema } from '@projectory/contracts';
import { Random } from '../services/matching/dist/scoring/synthetic.js';
import {
  figureLine,
  getJson,
  int,
  interleave,
  ms,
  planOutline,
  projectRepository,
  runProjectsBench,
  searchQueries,
  summary,
  timedGet,
} from './projects-fixture.mjs';
import { queryRunner, rowsRunner } from './lib.mjs';

const PROJECTS = Number(process.env.B5_PROJECTS || 1_000_000);
const QUERIES = Math.max(1, Number(process.env.B5_QUERIES || 24));
const REPEAT = Math.max(1, Number(process.env.B5_REPEAT || 20));
const ILIKE_REPEAT = Math.max(1, Number(process.env.B5_ILIKE_REPEAT || 2));
const ROUNDS = 4;
const LIMIT = listProjectsQuerySchema.parse({}).limit; // the service's default page size

const ilikeSql = (order) => `SELECT p.id, p.employer_id, p.title, p.description, p.exchange_type,
    p.exchange_description, p.duration, p.required_skills, p.cultural_values, p.is_active, p.created_at,
    p.applicant_count, e.first_name, e.last_name, e.company
  FROM projects p LEFT JOIN people e ON e.id = p.employer_id
  WHERE p.is_active AND p.archived_at IS NULL
    AND (p.title ILIKE $1 OR p.description ILIKE $1) AND (p.title ILIKE $2 OR p.description ILIKE $2)
  ORDER BY ${order}p.created_at DESC, p.id DESC
  LIMIT $3`;
const ILIKE_SQL = {
  ilike: ilikeSql('(p.title ILIKE $1)::int + (p.title ILIKE $2)::int DESC, '),
  'ilike-newest': ilikeSql(''),
};
const ilikeParams = (q) => [...q.split(' ').map((word) => `%${word}%`), LIMIT + 1];
const SIDES = ['http', 'fts', 'ilike', 'ilike-newest'];

/**
 * The plan outline of each statement the service's search runs for `q`'s first page (its own EXPLAIN,
 * which chooses between sorting the matches and reading tiers, runs as it is; the rest are run too,
 * so the tiers it goes through are those of the real answer).
 */
async function searchPlans(client, q) {
  const outlines = [];
  await projectRepository.search(
    queryRunner(async (sql, params) => {
      if (!sql.startsWith('EXPLAIN')) outlines.push(await planOutline(client, sql, params));
      return (await client.query(sql, params)).rows;
    }),
    { q },
    LIMIT,
    undefined,
  );
  return outlines;
}

await runProjectsBench(
  `B5 project search — ${int(PROJECTS)} projects, ${QUERIES} two-term queries × ${REPEAT} (ILIKE × ${ILIKE_REPEAT})`,
  PROJECTS,
  async ({ client, service, headers, listed, log }) => {
    const runner = rowsRunner(client);
    const searchUrl = (q) => `${service.url}/api/projects?q=${encodeURIComponent(q)}`;

    // The queries, their hits, and the checks: never measure a wrong answer.
    const queries = [];
    for (const q of searchQueries(new Random(5), QUERIES)) {
      const { rows } = await client.query(
        `SELECT numnode(websearch_to_tsquery('english', $1)) AS nodes,
                (SELECT count(*)::int FROM projects p
                 WHERE p.is_active AND p.archived_at IS NULL AND p.search @@ websearch_to_tsquery('english', $1)) AS hits`,
        [q],
      );
      if (rows[0].nodes !== 3) throw new Error(`"${q}" is not a two-term query (${rows[0].nodes} nodes)`);
      const page = await getJson(searchUrl(q), headers);
      const sqlIds = (await projectRepository.search(runner, { q }, LIMIT, undefined)).slice(0, LIMIT).map((r) => r.id);
      if (JSON.stringify(page.items.map((item) => item.id)) !== JSON.stringify(sqlIds)) {
        throw new Error(`"${q}": the service's first page differs from its SQL's`);
      }
      if (page.items.length !== Math.min(LIMIT, rows[0].hits)) {
        throw new Error(`"${q}": ${page.items.length} projects on the first page of ${rows[0].hits} hits`);
      }
      const words = q.split(' ');
      for (const sql of Object.values(ILIKE_SQL)) {
        for (const row of (await client.query(sql, ilikeParams(q))).rows) {
          const text = `${row.title} ${row.description}`.toLowerCase();
          if (!words.every((word) => text.includes(word))) throw new Error(`"${q}": ILIKE row ${row.id} lacks a word`);
        }
      }
      queries.push({ q, hits: rows[0].hits });
    }
    const byHits = [...queries].sort((a, b) => a.hits - b.hits);
    const medianHits = byHits[Math.floor(byHits.length / 2)].hits;
    log(
      `checked: ${queries.length} queries parse to two terms, the service's first page equals its SQL's; hits ` +
        `${int(byHits[0].hits)}–${int(byHits.at(-1).hits)} (median ${int(medianHits)}) of ${int(listed)} listed`,
    );
    for (const { q } of [byHits[0], byHits[Math.floor(byHits.length / 2)], byHits.at(-1)]) {
      log(`plans for "${q}":`);
      for (const [index, outline] of (await searchPlans(client, q)).entries()) {
        log(`  full text (the service's SQL), statement ${index + 1}: ${outline}`);
      }
      for (const [name, sql] of Object.entries(ILIKE_SQL))
        log(`  ${name}: ${await planOutline(client, sql, ilikeParams(q))}`);
    }

    // Each side goes through the queries in turn; latencies are also kept per query.
    const perQuery = Object.fromEntries(SIDES.map((name) => [name, queries.map(() => [])]));
    const turns = Object.fromEntries(SIDES.map((name) => [name, 0]));
    const side = (name, run) => async () => {
      const index = turns[name]++ % queries.length;
      const begun = performance.now();
      await run(queries[index].q);
      const latency = performance.now() - begun;
      perQuery[name][index].push(latency);
      return latency;
    };
    const figures = await interleave(
      {
        http: side('http', async (q) => {
          const { status } = await timedGet(searchUrl(q), headers);
          if (status !== 200) throw new Error(`GET ?q=${q} answered ${status}`);
        }),
        fts: side('fts', (q) => projectRepository.search(runner, { q }, LIMIT, undefined)),
        ilike: side('ilike', (q) => client.query(ILIKE_SQL.ilike, ilikeParams(q))),
        'ilike-newest': side('ilike-newest', (q) => client.query(ILIKE_SQL['ilike-newest'], ilikeParams(q))),
      },
      {
        rounds: ROUNDS,
        perRound: {
          http: Math.ceil((queries.length * REPEAT) / ROUNDS),
          fts: Math.ceil((queries.length * REPEAT) / ROUNDS),
          ilike: Math.ceil((queries.length * ILIKE_REPEAT) / ROUNDS),
          'ilike-newest': Math.ceil((queries.length * ILIKE_REPEAT) / ROUNDS),
        },
        warmup: { http: queries.length, fts: queries.length }, // the ILIKE sides ran in the checks
      },
    );
    // The warm-up went through the per-query lists too: keep the measured runs only.
    for (const name of ['http', 'fts']) for (const runs of perQuery[name]) runs.shift();

    log('per query, fewest hits first (p50 of its runs):');
    for (const query of byHits) {
      const index = queries.indexOf(query);
      const p50 = (name) => summary(perQuery[name][index]).p50;
      log(
        `  ${`"${query.q}"`.padEnd(26)} ${int(query.hits).padStart(7)} hits  http ${ms(p50('http')).padStart(9)}  ` +
          `fts ${ms(p50('fts')).padStart(9)}  ilike ${ms(p50('ilike')).padStart(9)} ` +
          `(${(p50('ilike') / p50('fts')).toFixed(1)}x fts)  ilike-newest ${ms(p50('ilike-newest')).padStart(9)}`,
      );
    }
    /** @type {Array<[string, (hits: number) => boolean]>} */
    const buckets = [
      ['< 1,000 hits', (hits) => hits < 1000],
      ['1,000–9,999 hits', (hits) => hits >= 1000 && hits < 10_000],
      ['≥ 10,000 hits', (hits) => hits >= 10_000],
    ];
    for (const [label, within] of buckets) {
      const members = queries.map((query, index) => (within(query.hits) ? index : -1)).filter((index) => index >= 0);
      if (members.length === 0) continue;
      const of = (name) => summary(members.flatMap((index) => perQuery[name][index])).p50;
      log(
        `${label.padEnd(18)} ${String(members.length).padStart(2)} queries: p50 ` +
          SIDES.map((name) => `${name} ${ms(of(name))}`).join(', '),
      );
    }
    console.log(figureLine('http (GET /api/projects?q=)', figures.http, 'runs'));
    console.log(figureLine("fts (the service's SQL)", figures.fts, 'runs'));
    console.log(figureLine('ilike (SQL, ranked)', figures.ilike, 'runs'));
    console.log(figureLine('ilike-newest (SQL, not ranked)', figures['ilike-newest'], 'runs'));
    console.log(
      `B5 project search: p50 ${ms(figures.http.p50)} over ${queries.length} two-term queries (GET /api/projects?q=, ` +
        `hits ${int(byHits[0].hits)}–${int(byHits.at(-1).hits)}, median ${int(medianHits)}; ${int(PROJECTS)} projects) ` +
        `(goal ≤ 10 ms)`,
    );
    console.log(
      `B5 project search vs ILIKE: ILIKE p50 ${ms(figures.ilike.p50)} = ${(figures.ilike.p50 / figures.fts.p50).toFixed(1)}x ` +
        `the full-text SQL's ${ms(figures.fts.p50)} (${(figures.ilike.p50 / figures.http.p50).toFixed(1)}x the HTTP p50; ` +
        `unranked ILIKE ${ms(figures['ilike-newest'].p50)}) (goal ≥ 20x)`,
    );
  },
);
