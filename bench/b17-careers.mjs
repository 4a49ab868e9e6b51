// B17 careers (../shared/BENCHMARKS.md): offline career generation for a student with 20 skills (and an
// assessment and two completed projects) over the whole bundled catalog — rank every career, explain
// the top 10 — timed per student, p50/p99; and the skill gap — strengths, missing skills and
// recommendations, plus the suggested open projects read from Postgres (careers' own table and
// index, 10,000 open projects) — p50/p99. No baseline (BENCHMARKS.md has none for B17).
//
// Knobs: B17_SAMPLES (measured students, default 2,000), B17_PROJECTS (open projects, 10,000),
// B17_GAP_SAMPLES (skill gaps, 500).
import { careerCatalog } from '../services/careers/dist/catalog/catalog.js';
import { rankCareers, toRecommendation } from '../services/careers/dist/domain/ranking.js';
import { skillGap } from '../services/careers/dist/domain/skill-gap.js';
import { skillKey } from '../services/careers/dist/domain/student-profile.js';
import { careersService } from '../services/careers/dist/careers.module.js';
import { ProfileRepository } from '../services/careers/dist/repositories/profile.repository.js';
import { int, machine, percentile } from './b9-topk-writes.mjs';
import { migratedSchemaDatabase, rowsRunner } from './lib.mjs';

const SAMPLES = Math.max(1, Number(process.env.B17_SAMPLES || 2000));
const GAP_SAMPLES = Math.max(1, Number(process.env.B17_GAP_SAMPLES || 500));
const PROJECTS = Number(process.env.B17_PROJECTS || 10_000);
const SKILLS = 20;
const RESULT = 10;
const WARMUP = 50;

/** mulberry32: a fixed seed, so every run measures the same students. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(17);
const pick = (list) => list[Math.floor(next() * list.length)];
const sample = (list, n) => {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
};

const catalogSkills = [...new Set(careerCatalog.flatMap((career) => career.requiredSkills))];
const values = [
  'creativity',
  'efficiency',
  'respect',
  'autonomy',
  'collaboration',
  'integrity',
  'innovation',
  'growth',
  'purpose',
  'inclusion',
];

function student() {
  return {
    skills: sample(catalogSkills, SKILLS).map((name) => ({
      name,
      level: pick(['Beginner', 'Intermediate', 'Advanced']),
      verified: next() < 0.3,
    })),
    culture: { vector: Array.from({ length: 7 }, () => next()), values: sample(values, 3) },
    completedProjects: [0, 1].map((i) => ({ title: `Project ${i}`, skills: sample(catalogSkills, 3) })),
  };
}

const ms = (value) => `${value.toFixed(3)} ms`;
const timed = (work) => {
  const started = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - started) / 1e6;
};

console.log(
  `B17 careers — ${int(SAMPLES)} students of ${SKILLS} skills ranked over ${careerCatalog.length} careers (after ${WARMUP} warm-up), ` +
    `${int(GAP_SAMPLES)} skill gaps against ${int(PROJECTS)} open projects; ${machine()}`,
);

// Generation: rank the whole catalog, explain the top RESULT.
const students = Array.from({ length: WARMUP + SAMPLES }, student);
const generation = [];
for (const [i, profile] of students.entries()) {
  const took = timed(() => rankCareers(profile, careerCatalog).slice(0, RESULT).map(toRecommendation));
  if (i >= WARMUP) generation.push(took);
}
generation.sort((a, b) => a - b);

let database;
let client;
try {
  ({ database, client } = await migratedSchemaDatabase('careers', careersService.definition.migrations));
  // Open projects needing 1–5 catalog skills each (a few closed ones among them), newest spread over a year.
  const rows = Array.from({ length: PROJECTS }, (_, i) => {
    const skills = sample(catalogSkills, 1 + Math.floor(next() * 5));
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Project ${i}`,
      skills,
      keys: skills.map(skillKey),
      active: next() > 0.1,
      created: new Date(Date.now() - next() * 365 * 864e5).toISOString(),
    };
  });
  await client.query(
    `INSERT INTO projects (id, employer_id, title, required_skills, skill_keys, is_active, project_created_at, snapshot_at)
     SELECT r.id, r.id, r.title, r.skills, r.keys, r.active, r.created, r.created
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, title text, skills text[], keys text[], active boolean, created timestamptz)`,
    [JSON.stringify(rows)],
  );
  await client.query('ANALYZE projects');
  const runner = rowsRunner(client);
  const profiles = new ProfileRepository();
  const userId = '00000000-0000-4000-8000-ffffffffffff';

  const gaps = [];
  const computeOnly = [];
  for (let i = 0; i < WARMUP + GAP_SAMPLES; i++) {
    const profile = students[i % students.length];
    const career = pick(careerCatalog);
    const started = process.hrtime.bigint();
    const gap = skillGap(career, profile);
    const computed = process.hrtime.bigint();
    const suggested = await profiles.suggestedProjects(runner, userId, gap.missingSkills.map(skillKey), 5);
    const done = process.hrtime.bigint();
    if (gap.missingSkills.length > 0 && suggested.length === 0 && i === 0)
      console.log('  (no project matched a missing skill)');
    if (i >= WARMUP) {
      gaps.push(Number(done - started) / 1e6);
      computeOnly.push(Number(computed - started) / 1e6);
    }
  }
  gaps.sort((a, b) => a - b);
  computeOnly.sort((a, b) => a - b);

  console.log(
    `B17 offline generation: p50 ${ms(percentile(generation, 0.5))}, p99 ${ms(percentile(generation, 0.99))} ` +
      `(goal p50 ≤ 20 ms, p99 ≤ 100 ms)`,
  );
  console.log(
    `B17 skill gap (compute + suggested projects query): p50 ${ms(percentile(gaps, 0.5))}, p99 ${ms(percentile(gaps, 0.99))} ` +
      `(goal p50 ≤ 20 ms); compute alone p50 ${ms(percentile(computeOnly, 0.5))}`,
  );
} finally {
  await client?.end().catch(() => undefined);
  await database?.drop();
}
