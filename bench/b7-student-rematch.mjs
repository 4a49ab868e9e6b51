// B7 student rematch (../shared/BENCHMARKS.md): one student (whose assessment or skills just changed)
// against 10k projects with the packed ProjectIndex, then their top 20 replaced in Postgres in one
// statement (rows that left deleted, the rest upserted), timed per student: p50/p99 over ≥ 200
// students. The table holds the top 20 of 100k students (2M rows, primary key) like the real one.
// No baseline (BENCHMARKS.md has none for B7); compute and database time are printed apart.
//
// Knobs: B7_STUDENTS (rows for this many students, default 100,000), B7_PROJECTS (10,000), B7_SAMPLES
// (measured students, default 1,000), B7_K (20).
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { ProjectIndex } from '../services/matching/dist/scoring/index.js';
import { bruteTopProjects } from '../services/matching/dist/scoring/reference-ranking.js';
import {
  generateProjects,
  generateStudents,
  Random,
  SkillCatalogue,
} from '../services/matching/dist/scoring/synthetic.js';
import { createBenchDatabase } from './lib.mjs';
import {
  copyRows,
  createMatchTable,
  indexMatchTable,
  int,
  machine,
  percentile,
  syntheticRows,
} from './b9-topk-writes.mjs';

const STUDENTS = Number(process.env.B7_STUDENTS || 100_000);
const PROJECTS = Number(process.env.B7_PROJECTS || 10_000);
const SAMPLES = Math.max(1, Number(process.env.B7_SAMPLES || 1000));
const K = Number(process.env.B7_K || 20);
const WARMUP = 30;

/** Replaces one student's top k: rows that left are deleted, the others inserted or updated. One round trip. */
export const REPLACE_STUDENT_TOP = `
  WITH gone AS (
    DELETE FROM student_matches WHERE student_id = $1 AND project_id <> ALL($2::uuid[])
  )
  INSERT INTO student_matches (student_id, project_id, culture, skills, overall)
  SELECT $1, t.project_id, t.culture, t.skills, t.overall
  FROM unnest($2::uuid[], $3::int2[], $4::int2[], $5::int2[]) AS t(project_id, culture, skills, overall)
  ON CONFLICT (student_id, project_id)
  DO UPDATE SET culture = EXCLUDED.culture, skills = EXCLUDED.skills, overall = EXCLUDED.overall`;

const ms = (value) => `${value.toFixed(2)} ms`;

console.log(
  `B7 student rematch — ${int(SAMPLES)} students (after ${WARMUP} warm-up) against ${int(PROJECTS)} projects, ` +
    `top ${K} replaced in a table of ${int(STUDENTS * K)} rows; ${machine()}`,
);

let database;
let client;
try {
  const random = new Random(7);
  const catalogue = new SkillCatalogue({ skills: 300 });
  const projects = generateProjects(random, PROJECTS, catalogue);
  const measured = generateStudents(random, WARMUP + SAMPLES, catalogue);
  const studentIds = measured.map((student) => student.id);
  while (studentIds.length < STUDENTS) studentIds.push(random.uuid());

  const index = new ProjectIndex();
  for (const project of projects) index.upsert(project);

  database = await createBenchDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // Yesterday's tables: every student's top k (random here), then the primary key.
  await createMatchTable(client, 'student_matches', { indexed: false });
  await copyRows(
    client,
    'student_matches',
    syntheticRows(
      random,
      studentIds,
      projects.map((project) => project.id),
      K,
    ),
  );
  await indexMatchTable(client, 'student_matches');
  await client.query('VACUUM ANALYZE student_matches'); // steady state: no autovacuum run over the fresh load
  await client.query('CHECKPOINT');

  const compute = [];
  const total = [];
  const lastTop = new Map();
  for (const [i, student] of measured.entries()) {
    const started = performance.now();
    const top = index.topProjectsFor(student, K);
    const computed = performance.now();
    await client.query({
      name: 'replace-student-top',
      text: REPLACE_STUDENT_TOP,
      values: [
        student.id,
        top.map((entry) => entry.projectId),
        top.map((entry) => entry.score.culture),
        top.map((entry) => entry.score.skills),
        top.map((entry) => entry.score.overall),
      ],
    });
    const ended = performance.now();
    if (i >= WARMUP) {
      compute.push(computed - started);
      total.push(ended - started);
    }
    lastTop.set(student.id, top);
  }

  // Checks: the rows now in the table are the computed top k, which is explainPair's.
  for (const student of measured.slice(-3)) {
    const { rows } = await client.query(
      'SELECT project_id, culture, skills, overall FROM student_matches WHERE student_id = $1 ORDER BY overall DESC, project_id',
      [student.id],
    );
    const stored = rows.map((row) => ({
      projectId: row.project_id,
      score: { culture: row.culture, skills: row.skills, overall: row.overall },
    }));
    const expected = bruteTopProjects(student, projects, K);
    if (!isDeepStrictEqual(lastTop.get(student.id), expected) || !isDeepStrictEqual(stored, expected)) {
      throw new Error(`student ${student.id}: stored top ${K} differs from explainPair's`);
    }
  }

  const sortedTotal = Float64Array.from(total).sort();
  const sortedCompute = Float64Array.from(compute).sort();
  console.log(
    `  compute (ProjectIndex.topProjectsFor) p50 ${ms(percentile(sortedCompute, 0.5))}, ` +
      `p99 ${ms(percentile(sortedCompute, 0.99))}; compute + replace p50 ${ms(percentile(sortedTotal, 0.5))}, ` +
      `p99 ${ms(percentile(sortedTotal, 0.99))}, max ${ms(sortedTotal[sortedTotal.length - 1])}; ` +
      `checked 3 students against explainPair and the stored rows`,
  );
  console.log(
    `B7 student rematch: compute+DB p50 ${ms(percentile(sortedTotal, 0.5))}, p99 ${ms(percentile(sortedTotal, 0.99))} ` +
      `over ${int(SAMPLES)} students (goal p50 ≤ 5 ms, p99 ≤ 25 ms)`,
  );
} catch (error) {
  console.error('B7 student rematch failed:', error);
  process.exitCode = 1;
} finally {
  await client?.end().catch(() => {});
  await database?.drop();
}
