// B4 project pages (../shared/BENCHMARKS.md): `GET /api/projects?cursor=` deep into 1M projects
// (depth ≥ 500k listed projects) against the first page, both measured in this run: p50 latency of
// one request at a time over a kept-alive connection, interleaved ABBA.
//
// - Data: bench/projects-fixture.mjs — the bench's own database migrated with the projects service's
//   own migrations, 1M synthetic projects (fixed seed) loaded with COPY, indexes as migrated.
// - Path: the projects service itself in a child process (bench/server.mjs projects: createServiceApp
//   as its main.js, no background workers), called over HTTP with a student identity signed as the gateway signs it
//   (x-projectory-identity). The gateway is not in the path: it adds the same work to both pages.
// - Deep cursors are real cursors of the service (its own encodeCursor of the row before each page)
//   at B4_DEEP_PAGES depths spread over [half of the listed projects, the last page], used in turn, so
//   the deep side reads different parts of the index and table rather than one cached page. A deep
//   page and the page after it are checked against SQL with OFFSET before measuring.
//
// Knobs: B4_PROJECTS (default 1,000,000), B4_SAMPLES (measured requests per side, default 600),
// B4_DEEP_PAGES (distinct deep cursors, default 50), B4_LIMIT (page size; default: the service's, 20).
import { encodeCursor } from '@projectory/platform';
import {
  figureLine,
  getJson,
  int,
  interleave,
  ms,
  planOfCall,
  projectRepository,
  runProjectsBench,
  timedGet,
} from './projects-fixture.mjs';

const PROJECTS = Number(process.env.B4_PROJECTS || 1_000_000);
const SAMPLES = Math.max(10, Number(process.env.B4_SAMPLES || 600));
const DEEP_PAGES = Math.max(1, Number(process.env.B4_DEEP_PAGES || 50));
const LIMIT = process.env.B4_LIMIT ? Number(process.env.B4_LIMIT) : undefined;
const ROUNDS = 10;

await runProjectsBench(
  `B4 project pages — ${int(PROJECTS)} projects, ${int(SAMPLES)} requests per side`,
  PROJECTS,
  async ({ client, service, headers, listed, log }) => {
    const limitParam = LIMIT ? `&limit=${LIMIT}` : '';
    const firstUrl = `${service.url}/api/projects?cursor=${limitParam}`;

    // The service's first page: its default size, the newest listed projects.
    const first = await getJson(firstUrl, headers);
    const pageSize = first.items.length;
    if (pageSize === 0 || !first.nextCursor) throw new Error(`first page: ${JSON.stringify(first).slice(0, 300)}`);

    // Deep positions: the row before each deep page, counted among listed projects, newest first.
    const lowest = Math.floor(listed / 2);
    const highest = listed - pageSize - 1;
    if (highest < lowest) throw new Error(`too few listed projects (${listed}) for a deep page`);
    const depths = Array.from({ length: DEEP_PAGES }, (_, i) =>
      Math.round(lowest + ((highest - lowest) * (i + 0.5)) / DEEP_PAGES),
    );
    const { rows: positions } = await client.query(
      `SELECT n, micros, id FROM (
         SELECT row_number() OVER (ORDER BY created_at DESC, id DESC) AS n,
                (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros, id
         FROM projects WHERE is_active AND archived_at IS NULL
       ) listed WHERE n = ANY($1::bigint[]) ORDER BY n`,
      [depths],
    );
    const deepUrls = positions.map(
      (row) => `${service.url}/api/projects?cursor=${encodeCursor([row.micros, row.id])}${limitParam}`,
    );

    // Never measure a wrong page: a deep page and the next one must be exactly what OFFSET gives.
    const expectedIds = async (offset) =>
      (
        await client.query(
          `SELECT id FROM projects WHERE is_active AND archived_at IS NULL
           ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2`,
          [offset, pageSize],
        )
      ).rows.map((row) => row.id);
    const sameIds = (page, ids) => JSON.stringify(page.items.map((item) => item.id)) === JSON.stringify(ids);
    if (!sameIds(first, await expectedIds(0))) throw new Error('the first page is not the newest listed projects');
    const checkAt = Math.floor(positions.length / 2);
    const deep = await getJson(deepUrls[checkAt], headers);
    const depth = Number(positions[checkAt].n);
    if (!sameIds(deep, await expectedIds(depth))) throw new Error(`the page after listed row ${depth} is not OFFSET's`);
    const next = await getJson(`${service.url}/api/projects?cursor=${deep.nextCursor}${limitParam}`, headers);
    if (!sameIds(next, await expectedIds(depth + pageSize))) throw new Error(`the page after that is not OFFSET's`);
    if (deep.items[0].employer.lastName === '') throw new Error('employer names are missing (people not joined)');
    log(
      `checked: first page, the page after listed row ${int(depth)} and the next one equal OFFSET's; ` +
        `${pageSize} projects a page`,
    );
    const deepPlan = await planOfCall(client, (runner) =>
      projectRepository.newest(runner, {}, pageSize, [positions[checkAt].micros, positions[checkAt].id]),
    );
    log(`deep page plan (the service's SQL): ${deepPlan}`);

    let turn = 0;
    const timed = async (url) => {
      const { status, ms: latency } = await timedGet(url, headers);
      if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
      return latency;
    };
    const figures = await interleave(
      {
        first: () => timed(firstUrl),
        deep: () => timed(deepUrls[turn++ % deepUrls.length]),
      },
      { rounds: ROUNDS, perRound: Math.ceil(SAMPLES / ROUNDS), warmup: Math.max(50, deepUrls.length) },
    );
    console.log(figureLine('first page', figures.first));
    console.log(figureLine(`deep pages (${int(positions[0].n)}–${int(positions.at(-1).n)} listed)`, figures.deep));
    console.log(
      `B4 project pages: deep page p50 ${ms(figures.deep.p50)} = ${(figures.deep.p50 / figures.first.p50).toFixed(2)}x ` +
        `first page (${ms(figures.first.p50)}) at depth ≥ ${int(positions[0].n)} of ${int(listed)} listed ` +
        `(${int(PROJECTS)} projects) (goal ≤ 2x)`,
    );
  },
);
