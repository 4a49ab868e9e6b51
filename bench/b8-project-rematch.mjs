// B8 project rematch (../shared/BENCHMARKS.md): a new project against 100k students with the packed
// StudentIndex (scoreAndRank: every student's score and the project's own top 20 in one scan),
// compared with each student's current 20th score (ties by project id): only the students whose top
// 20 it enters are written (their displaced row deleted, the new row inserted), with the project's
// own top 20, in one statement. Timed per project, p50 over the new projects; the count of changed
// students is the "writes proportional to changed students" figure. The current tables come from a
// full rematch of 100k students × 10k projects (not timed).
//
// Knobs: B8_STUDENTS (default 100,000), B8_PROJECTS (existing, 10,000), B8_NEW (measured new projects,
// default 60), B8_K (20), B8_WORKERS (for the initial full rematch).
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { fullRematch, StudentIndex } from '../services/matching/dist/scoring/index.js';
import { bruteTopProjects } from '../services/matching/dist/scoring/reference-ranking.js';
import {
  generateProjects,
  generateStudents,
  Random,
  SkillCatalogue,
} from '../services/matching/dist/scoring/synthetic.js';
import { createBenchDatabase } from './lib.mjs';
import { copyRows, createMatchTable, indexMatchTable, int, machine, percentile, tableRows } from './b9-topk-writes.mjs';

const STUDENTS = Number(process.env.B8_STUDENTS || 100_000);
const PROJECTS = Number(process.env.B8_PROJECTS || 10_000);
const NEW = Math.max(1, Number(process.env.B8_NEW || 60));
const K = Number(process.env.B8_K || 20);
const WORKERS = process.env.B8_WORKERS === undefined ? undefined : Number(process.env.B8_WORKERS);
const WARMUP = 5;

/** A new project's writes in one round trip: displaced student rows out, new student rows in, the project's top k. */
const WRITE_NEW_PROJECT = `
  WITH gone AS (
    DELETE FROM student_matches m
    USING unnest($1::uuid[], $2::uuid[]) AS d(student_id, project_id)
    WHERE m.student_id = d.student_id AND m.project_id = d.project_id
  ), added AS (
    INSERT INTO student_matches (student_id, project_id, culture, skills, overall)
    SELECT t.student_id, $3, t.culture, t.skills, t.overall
    FROM unnest($4::uuid[], $5::int2[], $6::int2[], $7::int2[]) AS t(student_id, culture, skills, overall)
  )
  INSERT INTO project_matches (project_id, student_id, culture, skills, overall)
  SELECT $3, t.student_id, t.culture, t.skills, t.overall
  FROM unnest($8::uuid[], $9::int2[], $10::int2[], $11::int2[]) AS t(student_id, culture, skills, overall)`;

const ms = (value) => `${value.toFixed(2)} ms`;

console.log(
  `B8 project rematch — ${NEW} new projects (after ${WARMUP} warm-up) against ${int(STUDENTS)} students ` +
    `who already have their top ${K} of ${int(PROJECTS)} projects; ${machine()}`,
);

let database;
let client;
try {
  const random = new Random(8);
  const catalogue = new SkillCatalogue({ skills: 300 });
  const students = generateStudents(random, STUDENTS, catalogue);
  const projects = generateProjects(random, PROJECTS, catalogue);
  const fresh = generateProjects(random, WARMUP + NEW, catalogue);

  // Today's state: a full rematch (not timed), in the database and as each student's list in memory.
  let started = performance.now();
  const current = await fullRematch(students, projects, K, WORKERS === undefined ? {} : { workers: WORKERS });
  console.log(`  initial full rematch ${((performance.now() - started) / 1000).toFixed(1)} s (not timed)`);
  database = await createBenchDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  for (const [table, topK] of [
    ['student_matches', current.byStudent],
    ['project_matches', current.byProject],
  ]) {
    await createMatchTable(client, table, { indexed: false });
    await copyRows(client, table, tableRows(topK));
    await indexMatchTable(client, table);
    await client.query(`VACUUM ANALYZE ${table}`);
  }
  await client.query('CHECKPOINT');

  // Each student's top k: project indexes into projectIds and overall scores, best first.
  const { byStudent } = current;
  const projectIds = [...byStudent.otherIds];
  const studentAt = new Map(byStudent.ids.map((id, i) => [id, i]));
  const counts = Uint16Array.from(byStudent.counts);
  const topProject = Int32Array.from(byStudent.other);
  const topOverall = Uint8Array.from(byStudent.overall);

  const index = new StudentIndex();
  for (const student of students) index.upsert(student);

  /** Where the index's aligned arrays point in ours (the index keeps its own order). */
  let alignedIds = null;
  let aligned = null;

  const compute = [];
  const total = [];
  const changedCounts = [];
  let lastChanged = [];
  for (const [n, project] of fresh.entries()) {
    started = performance.now();
    const { studentIds, overall, top: ownTop } = index.scoreAndRank(project, K);
    if (studentIds !== alignedIds) {
      alignedIds = studentIds;
      aligned = Int32Array.from(studentIds, (id) => studentAt.get(id));
    }
    const newIndex = projectIds.length;
    projectIds.push(project.id);
    const changed = [];
    const displaced = [];
    for (let i = 0; i < overall.length; i++) {
      const s = aligned[i];
      const count = counts[s];
      const score = overall[i];
      if (count === K) {
        const worst = s * K + K - 1;
        const worstScore = topOverall[worst];
        if (score < worstScore || (score === worstScore && project.id > projectIds[topProject[worst]])) continue;
        displaced.push(projectIds[topProject[worst]]);
      } else {
        displaced.push(null);
      }
      changed.push(s);
    }
    const changedIds = changed.map((s) => byStudent.ids[s]);
    const scores = index.scoresFor(project, changedIds);
    const computed = performance.now();

    const gone = changedIds.filter((_, i) => displaced[i] !== null);
    await client.query({
      name: 'write-new-project',
      text: WRITE_NEW_PROJECT,
      values: [
        gone,
        displaced.filter((id) => id !== null),
        project.id,
        changedIds,
        scores.map((score) => score.culture),
        scores.map((score) => score.skills),
        scores.map((score) => score.overall),
        ownTop.map((entry) => entry.studentId),
        ownTop.map((entry) => entry.score.culture),
        ownTop.map((entry) => entry.score.skills),
        ownTop.map((entry) => entry.score.overall),
      ],
    });

    // Each changed student's list in memory: the new project in its place, the last one out.
    changed.forEach((s, i) => {
      const base = s * K;
      const score = scores[i].overall;
      let at = Math.min(counts[s], K - 1);
      while (
        at > 0 &&
        (topOverall[base + at - 1] < score ||
          (topOverall[base + at - 1] === score && projectIds[topProject[base + at - 1]] > project.id))
      ) {
        topOverall[base + at] = topOverall[base + at - 1];
        topProject[base + at] = topProject[base + at - 1];
        at--;
      }
      topOverall[base + at] = score;
      topProject[base + at] = newIndex;
      if (counts[s] < K) counts[s]++;
    });
    const ended = performance.now();

    if (n >= WARMUP) {
      compute.push(computed - started);
      total.push(ended - started);
      changedCounts.push(changed.length);
    }
    lastChanged = changedIds;
  }

  // Checks: a few students the last project changed, against explainPair over every project so far,
  // in memory and in the database.
  const all = [...projects, ...fresh];
  const byId = new Map(students.map((student) => [student.id, student]));
  for (const id of lastChanged.slice(0, 3)) {
    const expected = bruteTopProjects(byId.get(id), all, K);
    const s = studentAt.get(id);
    const inMemory = Array.from({ length: counts[s] }, (_, j) => projectIds[topProject[s * K + j]]);
    const { rows } = await client.query(
      'SELECT project_id, culture, skills, overall FROM student_matches WHERE student_id = $1 ORDER BY overall DESC, project_id',
      [id],
    );
    const stored = rows.map((row) => ({
      projectId: row.project_id,
      score: { culture: row.culture, skills: row.skills, overall: row.overall },
    }));
    if (
      !isDeepStrictEqual(
        inMemory,
        expected.map((entry) => entry.projectId),
      ) ||
      !isDeepStrictEqual(stored, expected)
    ) {
      throw new Error(`student ${id}: top ${K} after the new projects differs from explainPair's`);
    }
  }

  const sortedTotal = Float64Array.from(total).sort();
  const sortedCompute = Float64Array.from(compute).sort();
  const sortedChanged = Float64Array.from(changedCounts).sort();
  const changedTotal = changedCounts.reduce((sum, count) => sum + count, 0);
  const changedMean = Math.round(changedTotal / changedCounts.length);
  const rowsWritten = 2 * changedTotal + NEW * K;
  console.log(
    `  compute (StudentIndex.scoreAndRank + compare + scoresFor) p50 ${ms(percentile(sortedCompute, 0.5))}; ` +
      `compute + write p50 ${ms(percentile(sortedTotal, 0.5))}, p99 ${ms(percentile(sortedTotal, 0.99))}; ` +
      `changed students per project: median ${percentile(sortedChanged, 0.5)}, mean ${changedMean}, ` +
      `min ${sortedChanged[0]}, max ${sortedChanged[sortedChanged.length - 1]} ` +
      `(rows written ${int(rowsWritten)} for ${NEW} projects); checked ${Math.min(3, lastChanged.length)} students ` +
      `against explainPair and the stored rows`,
  );
  console.log(
    `B8 project rematch: p50 ${ms(percentile(sortedTotal, 0.5))} compute+DB, ` +
      `changed students written per project: median ${percentile(sortedChanged, 0.5)}, mean ${changedMean} ` +
      `of ${int(STUDENTS)} ` +
      `(goal p50 ≤ 50 ms; writes proportional to changed students)`,
  );
} catch (error) {
  console.error('B8 project rematch failed:', error);
  process.exitCode = 1;
} finally {
  await client?.end().catch(() => {});
  await database?.drop();
}
