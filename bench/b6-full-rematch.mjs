// B6 full rematch (../shared/BENCHMARKS.md): score 100k students × 10k projects with the packed
// scorer (services/matching/dist/scoring, worker threads), keep the top 20 on both sides, and write
// both tables to Postgres (binary COPY into fresh tables, then their primary keys), timed wall clock.
// Baseline in the same run: the plain-object reference (explainPair, with its reasons) on a sample of
// students against every project, keeping the top 20 too. Ratio = packed pairs/s ÷ plain pairs/s.
// The result is checked against a brute force over explainPair for a few students and projects.
//
// Knobs: B6_STUDENTS (default 100,000), B6_PROJECTS (10,000), B6_K (20), B6_WORKERS (default: the
// machine's parallelism), B6_SAMPLE (baseline students, default 30), B6_CHECK (students checked, 10).
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { explainPair, fullRematch, ProjectIndex, scorePair } from '../services/matching/dist/scoring/index.js';
import { bruteTopProjects, bruteTopStudents } from '../services/matching/dist/scoring/reference-ranking.js';
import {
  generateProjects,
  generateStudents,
  Random,
  SkillCatalogue,
} from '../services/matching/dist/scoring/synthetic.js';
import { createBenchDatabase } from './lib.mjs';
import { copyRows, createMatchTable, indexMatchTable, int, machine, tableRows } from './b9-topk-writes.mjs';

const STUDENTS = Number(process.env.B6_STUDENTS || 100_000);
const PROJECTS = Number(process.env.B6_PROJECTS || 10_000);
const K = Number(process.env.B6_K || 20);
const WORKERS = process.env.B6_WORKERS === undefined ? undefined : Number(process.env.B6_WORKERS);
const SAMPLE = Number(process.env.B6_SAMPLE || 30);
const CHECK = Number(process.env.B6_CHECK || 10);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const millions = (rate) => `${(rate / 1e6).toFixed(2)}M`;

/** Plain objects: every pair of the sample through `score`, top k kept per student. Returns pairs/s. */
function plainRate(score, students, projects, k) {
  const started = performance.now();
  for (const student of students) {
    const scored = projects.map((project) => ({ id: project.id, overall: score(student, project).overall }));
    scored.sort((a, b) => b.overall - a.overall || (a.id < b.id ? -1 : 1));
    scored.length = Math.min(k, scored.length);
  }
  return (students.length * projects.length * 1000) / (performance.now() - started);
}

console.log(
  `B6 full rematch — ${int(STUDENTS)} students × ${int(PROJECTS)} projects, top ${K}, ` +
    `baseline on ${SAMPLE} students; ${machine()}`,
);

let database;
const client = { connection: null };
try {
  let started = performance.now();
  const random = new Random(6);
  const catalogue = new SkillCatalogue({ skills: 300 });
  const students = generateStudents(random, STUDENTS, catalogue);
  const projects = generateProjects(random, PROJECTS, catalogue);
  console.log(`  seeded data generated in ${seconds(performance.now() - started)} (not timed)`);

  // Baseline: the plain-object reference, warmed up first.
  const sample = students.slice(0, SAMPLE);
  plainRate(explainPair, students.slice(-3), projects, K);
  const explainRate = plainRate(explainPair, sample, projects, K);
  plainRate(scorePair, students.slice(-3), projects, K);
  const scoreRate = plainRate(scorePair, sample, projects, K);
  // The packed scorer on the same sample, same thread (for the per-core comparison).
  const index = new ProjectIndex();
  for (const project of projects) index.upsert(project);
  for (const student of students.slice(-3)) index.topProjectsFor(student, K);
  started = performance.now();
  for (const student of sample) index.topProjectsFor(student, K);
  const indexRate = (SAMPLE * PROJECTS * 1000) / (performance.now() - started);

  database = await createBenchDatabase();
  client.connection = new pg.Client({ connectionString: database.url });
  await client.connection.connect();
  const db = client.connection;

  // The measured run: compute both top-K tables, write them, index them.
  const wallStarted = performance.now();
  const cpuStarted = process.cpuUsage();
  const result = await fullRematch(students, projects, K, WORKERS === undefined ? {} : { workers: WORKERS });
  const computed = performance.now();
  const cpu = process.cpuUsage(cpuStarted);
  const studentRows = tableRows(result.byStudent);
  const projectRows = tableRows(result.byProject);
  await createMatchTable(db, 'student_matches', { indexed: false });
  await createMatchTable(db, 'project_matches', { indexed: false });
  await copyRows(db, 'student_matches', studentRows);
  await copyRows(db, 'project_matches', projectRows);
  const copied = performance.now();
  await indexMatchTable(db, 'student_matches');
  await indexMatchTable(db, 'project_matches');
  const wallEnded = performance.now();

  // Checks (not timed): rows in the database, and the packed top k against explainPair by brute force.
  const { rows: counts } = await db.query(
    'SELECT (SELECT count(*) FROM student_matches)::int AS s, (SELECT count(*) FROM project_matches)::int AS p',
  );
  if (counts[0].s !== studentRows.owners.length || counts[0].p !== projectRows.owners.length) {
    throw new Error(`row counts ${JSON.stringify(counts[0])} differ from the tables written`);
  }
  const checkRandom = new Random(66);
  for (const student of checkRandom.sample(students, CHECK)) {
    if (!isDeepStrictEqual(result.projectsFor(student.id), bruteTopProjects(student, projects, K))) {
      throw new Error(`student ${student.id}: packed top ${K} differs from explainPair's`);
    }
  }
  for (const project of checkRandom.sample(projects, 2)) {
    if (!isDeepStrictEqual(result.studentsFor(project.id), bruteTopStudents(project, students, K))) {
      throw new Error(`project ${project.id}: packed top ${K} differs from explainPair's`);
    }
  }

  const computeMs = computed - wallStarted;
  const wallMs = wallEnded - wallStarted;
  const packedRate = (result.pairs * 1000) / computeMs;
  console.log(
    `  plain objects, 1 thread:  explainPair ${millions(explainRate)} pairs/s; scorePair (no reasons) ` +
      `${millions(scoreRate)} pairs/s`,
  );
  console.log(
    `  packed, 1 thread, same sample: ProjectIndex ${millions(indexRate)} pairs/s ` +
      `= ${(indexRate / explainRate).toFixed(1)}x explainPair, ${(indexRate / scoreRate).toFixed(1)}x scorePair`,
  );
  console.log(
    `  packed, fullRematch on ${result.workers || 'no'} worker threads: compute ${seconds(computeMs)} ` +
      `(${millions(packedRate)} pairs/s, ${(packedRate / scoreRate).toFixed(1)}x scorePair; CPU ` +
      `${seconds((cpu.user + cpu.system) / 1000)} = ${(((cpu.user + cpu.system) * 1000) / result.pairs).toFixed(1)} ns/pair), ` +
      `COPY ${int(studentRows.owners.length + projectRows.owners.length)} rows ${seconds(copied - computed)}, ` +
      `primary keys ${seconds(wallEnded - copied)}; checked ${CHECK} students and 2 projects against explainPair`,
  );
  console.log(
    `B6 full rematch: ${seconds(wallMs)} wall, ${millions(packedRate)} pairs/s, ` +
      `${(packedRate / explainRate).toFixed(1)}x the plain-object explainPair rate (goal ≤ 60 s, ≥ 20x)`,
  );
} catch (error) {
  console.error('B6 full rematch failed:', error);
  process.exitCode = 1;
} finally {
  await client.connection?.end().catch(() => {});
  await database?.drop();
}
