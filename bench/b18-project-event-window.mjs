// B18 project event window: the time from the projects service committing a change of a project (here a
// pause or a reactivation, with a new title as its marker) to matching's read model having it committed,
// in the embedded mode (the services in one process, the in-process bus and job queue, the outbox relay
// woken by NOTIFY), with the system busy: rematch jobs running from a steady stream of student skill
// changes and other employers' project changes over a seeded read model. This is the window in which a
// student can still apply to a project that was just paused (API.md "Matching", (system)).
//
// How it is timed: triggers on projects.projects and matching.projects (added to the bench's own
// database) call pg_notify, which Postgres delivers when the writing transaction commits; one listener
// connection in this process stamps both arrivals with the same clock, so window = matching's commit -
// projects' commit (the listener's own delay cancels out). The services run in a child process (this
// file with `services`), so the listener does not share their event loop. Baseline in the same run: the
// same changes on an idle system (no load). No assertion on speed; the goal is printed.
//
// Knobs: B18_STUDENTS (seeded students, default 20,000), B18_PROJECTS (seeded projects, 2,000),
// B18_CHANGES (measured changes per phase, 300), B18_STUDENT_RATE (student changes/s of the load, 40),
// B18_PROJECT_RATE (other projects' changes/s of the load, 4).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { portOf } from './child.mjs';

const STUDENTS = Number(process.env.B18_STUDENTS || 20_000);
const PROJECTS = Number(process.env.B18_PROJECTS || 2_000);
const CHANGES = Math.max(10, Number(process.env.B18_CHANGES || 300));
const STUDENT_RATE = Number(process.env.B18_STUDENT_RATE || 40);
const PROJECT_RATE = Number(process.env.B18_PROJECT_RATE || 4);
const MEASURED_PROJECTS = 20;
const WARMUP = 20;
const GOAL_P99_MS = 200;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.argv[2] === 'services') await services();
else await main();

// ---------------------------------------------------------------------------------------------
// Child: projects and matching as the embedded mode runs them, plus the load when asked.

async function services() {
  const exit = () => process.exit(0);
  process.on('SIGTERM', exit);
  process.on('disconnect', exit);
  const { createServiceApp, MemoryEventBus, MemoryJobQueue } = await import('@projectory/platform');
  const { ProjectUpdatedV1, UserSkillsUpdatedV1 } = await import('@projectory/contracts');
  const { projectsService } = await import('../services/projects/dist/index.js');
  const { matchingService } = await import('../services/matching/dist/index.js');
  const bus = new MemoryEventBus();
  const jobs = new MemoryJobQueue();
  const ports = {};
  for (const entry of [projectsService, matchingService]) {
    const { app } = await createServiceApp(entry, { env: process.env, eventBus: bus, jobQueue: jobs });
    await app.listen(0, '127.0.0.1');
    ports[entry.definition.name] = portOf(app.getHttpServer());
  }

  const envelope = (definition, key, payload) => ({
    topic: definition.topic,
    envelope: {
      id: randomUUID(),
      type: definition.type,
      version: definition.version,
      source: 'bench',
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
      key,
      payload,
    },
  });
  const timers = [];
  let published = 0;
  const fire = (event) => {
    published += 1;
    bus.publish([event]).catch((error) => console.error('load event failed', error));
  };
  const every = (perSecond, work) => perSecond > 0 && timers.push(setInterval(work, 1000 / perSecond));

  process.on('message', ({ type, load }) => {
    if (type === 'load') {
      let s = 0;
      let p = 0;
      every(STUDENT_RATE, () => {
        const student = load.students[s++ % load.students.length];
        const skills = [...student.skills]
          .sort(() => Math.random() - 0.5)
          .slice(0, Math.max(1, student.skills.length - 1));
        fire(
          envelope(UserSkillsUpdatedV1, student.id, {
            userId: student.id,
            skills: skills.map((skill) => ({
              skillId: randomUUID(),
              name: skill.name,
              category: 'Engineering',
              proficiencyLevel: skill.level,
              verified: skill.verified,
            })),
            updatedAt: new Date().toISOString(),
          }),
        );
      });
      every(PROJECT_RATE, () => {
        const project = load.projects[p++ % load.projects.length];
        const requiredSkills = [...project.requiredSkills].sort(() => Math.random() - 0.5);
        fire(
          envelope(ProjectUpdatedV1, project.id, {
            projectId: project.id,
            employerId: project.employerId,
            title: `Seeded project ${p}`,
            description: 'A seeded project.',
            exchangeType: 'mentorship',
            duration: null,
            requiredSkills: requiredSkills.slice(0, Math.max(1, requiredSkills.length - (p % 2))),
            culturalValues: project.culturalValues,
            isActive: true,
            createdAt: project.createdAt,
          }),
        );
      });
    }
    if (type === 'stop') {
      for (const timer of timers) clearInterval(timer);
      process.send({ type: 'stopped', published });
    }
  });
  process.send({ type: 'ready', ports });
}

// ---------------------------------------------------------------------------------------------
// Parent: database, seed, measurement.

async function main() {
  const { createBenchDatabase, BENCH_SECRET } = await import('./lib.mjs');
  const { int, machine, percentile } = await import('./b9-topk-writes.mjs');
  const { signIdentity } = await import('@projectory/platform');
  const { INTERNAL_IDENTITY_HEADER } = await import('@projectory/contracts');
  const { generateProjects, generateStudents, Random, SkillCatalogue } =
    await import('../services/matching/dist/scoring/synthetic.js');
  const { fullRematch } = await import('../services/matching/dist/scoring/index.js');

  console.log(
    `B18 project event window — projects commit → matching's read model commit, ${CHANGES} pauses/reactivations ` +
      `per phase (after ${WARMUP} warm-up), idle then busy (${STUDENT_RATE} student and ${PROJECT_RATE} project ` +
      `changes/s over ${int(STUDENTS)} students × ${int(PROJECTS)} projects); ${machine()}`,
  );

  let database;
  let child;
  let client;
  try {
    database = await createBenchDatabase();
    child = fork(fileURLToPath(import.meta.url), ['services'], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        INTERNAL_SECRET: BENCH_SECRET,
        DATABASE_URL: database.url,
        MIGRATE_ON_START: 'true',
        DB_POOL_SIZE: '5',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    process.on('exit', () => child.kill('SIGKILL'));
    const ports = await message(child, 'ready', 120_000).then((m) => m.ports);
    const headers = (userId) => ({
      'content-type': 'application/json',
      [INTERNAL_IDENTITY_HEADER]: signIdentity(BENCH_SECRET, { userId, role: 'employer', sessionId: 'b18' }, 3600),
    });

    client = new pg.Client({ connectionString: database.url });
    await client.connect();

    // Seed matching's read model: students with assessments and skills, other employers' projects, and
    // their top 20 both ways as a full rematch computes them (ranked_version = version): the steady
    // state, so the jobs that run are the load's.
    const random = new Random(18);
    const catalogue = new SkillCatalogue({ skills: 300 });
    const students = generateStudents(random, STUDENTS, catalogue);
    const projects = generateProjects(random, PROJECTS, catalogue);
    const employers = [...new Map(projects.map((p) => [p.employerId, p.employerVector])).entries()];
    const seeded = Date.now();
    await seed(client, students, projects, employers, await fullRematch(students, projects, 20));
    console.log(`  seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    // The stamps: each side announces a marked change when its transaction commits.
    await client.query(`
      CREATE FUNCTION public.b18_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('b18', TG_TABLE_SCHEMA || ' ' || NEW.id || ' ' || NEW.title);
        RETURN NEW;
      END $$`);
    for (const schema of ['projects', 'matching']) {
      await client.query(`
        CREATE TRIGGER b18_stamp AFTER UPDATE ON ${schema}.projects FOR EACH ROW
        WHEN (NEW.title LIKE 'B18 %' AND NEW.title IS DISTINCT FROM OLD.title) EXECUTE FUNCTION public.b18_stamp()`);
    }
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    await listener.query('LISTEN b18');
    const stamps = new Map();
    const waiting = new Map();
    listener.on('notification', ({ payload }) => {
      const at = performance.now();
      const [schema, id, ...title] = payload.split(' ');
      const key = `${id} ${title.join(' ')}`;
      const stamp = stamps.get(key) ?? {};
      stamp[schema] = at;
      stamps.set(key, stamp);
      if (stamp.projects !== undefined && stamp.matching !== undefined) waiting.get(key)?.();
    });

    // The measured projects: one employer's, posted through the projects service.
    const employerId = randomUUID();
    const measured = [];
    for (let i = 0; i < MEASURED_PROJECTS; i += 1) {
      const response = await fetch(`http://127.0.0.1:${ports.projects}/api/projects`, {
        method: 'POST',
        headers: headers(employerId),
        body: JSON.stringify({ title: `Measured ${i}`, description: 'Measured project.', exchangeType: 'mentorship' }),
      });
      if (response.status !== 201) throw new Error(`POST /api/projects: ${response.status} ${await response.text()}`);
      const { id } = /** @type {{ id: string }} */ (await response.json());
      measured.push({ id, active: true });
    }
    await waitUntil(async () => {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM matching.projects WHERE id = ANY($1)', [
        measured.map((p) => p.id),
      ]);
      return rows[0].n === measured.length;
    });

    let counter = 0;
    /** `count` changes one after another, each timed; a short random pause between them. */
    async function measure(count) {
      const windows = [];
      for (let i = 0; i < count; i += 1) {
        const project = measured[i % measured.length];
        project.active = !project.active;
        const title = `B18 ${(counter += 1)}`;
        const key = `${project.id} ${title}`;
        const both = new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${key}: matching did not have it within 30 s`)), 30_000);
          waiting.set(key, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        const response = await fetch(`http://127.0.0.1:${ports.projects}/api/projects/${project.id}`, {
          method: 'PATCH',
          headers: headers(employerId),
          body: JSON.stringify({ isActive: project.active, title }),
        });
        if (response.status !== 200) throw new Error(`PATCH: ${response.status} ${await response.text()}`);
        await both;
        waiting.delete(key);
        const stamp = stamps.get(key);
        stamps.delete(key);
        windows.push(stamp.matching - stamp.projects);
        await sleep(10 + Math.random() * 40);
      }
      return Float64Array.from(windows).sort();
    }
    const summary = (sorted) => ({ p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) });
    const ms = (value) => `${value.toFixed(1)} ms`;

    await measure(WARMUP);
    const idle = summary(await measure(CHANGES));
    console.log(`  idle: p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}, max ${ms(idle.max)} over ${CHANGES} changes`);

    // Busy: the load's events make rematch jobs; count the rankings they rewrite while we measure.
    await client.query('CREATE TEMP TABLE ranked_before AS SELECT id, ranked_version FROM matching.people');
    await client.query('CREATE TEMP TABLE projects_ranked_before AS SELECT id, ranked_version FROM matching.projects');
    child.send({
      type: 'load',
      load: {
        students: students.slice(0, 5_000).map(({ id, skills }) => ({ id, skills })),
        projects: projects.slice(0, 1_000).map((p) => ({ ...p, createdAt: new Date(seeded).toISOString() })),
      },
    });
    await sleep(3_000);
    const started = performance.now();
    await measure(WARMUP);
    const busy = summary(await measure(CHANGES));
    const seconds = (performance.now() - started) / 1000;
    child.send({ type: 'stop' });
    const { published } = await message(child, 'stopped', 10_000);
    const {
      rows: [work],
    } = await client.query(`
      SELECT (SELECT count(*) FROM matching.people p JOIN ranked_before b USING (id)
              WHERE p.ranked_version > b.ranked_version)::int AS students,
             (SELECT count(*) FROM matching.projects p JOIN projects_ranked_before b USING (id)
              WHERE p.ranked_version > b.ranked_version)::int AS projects,
             (SELECT count(*) FROM matching.people WHERE ranked_version < version)::int
               + (SELECT count(*) FROM matching.projects WHERE ranked_version < version)::int AS lagging`);
    console.log(
      `  busy: p50 ${ms(busy.p50)}, p99 ${ms(busy.p99)}, max ${ms(busy.max)} over ${CHANGES} changes; ` +
        `load: ${int(published)} events published in ${seconds.toFixed(1)} s, rankings rewritten by jobs meanwhile: ` +
        `${int(work.students)} students, ${int(work.projects)} projects; rankings still lagging at the end: ${int(work.lagging)}`,
    );
    console.log(
      `B18 project event window: busy p50 ${ms(busy.p50)}, p99 ${ms(busy.p99)} (idle p50 ${ms(idle.p50)}, ` +
        `p99 ${ms(idle.p99)}; busy p99 ${(busy.p99 / idle.p99).toFixed(2)}x idle) over ${CHANGES} changes ` +
        `(goal p99 ≤ ${GOAL_P99_MS} ms)`,
    );
    await listener.end();
  } catch (error) {
    console.error('B18 project event window failed:', error);
    process.exitCode = 1;
  } finally {
    await client?.end().catch(() => {});
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await database?.drop();
  }
}

function message(child, type, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from the services within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m) => {
      if (m?.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the services exited (${code})`)));
  });
}

async function waitUntil(probe, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

/** Students, employers, projects and their rankings straight into matching's tables, in batches of JSON rows. */
async function seed(client, students, projects, employers, ranked) {
  const now = new Date().toISOString();
  const batches = async (rows, sql) => {
    for (let i = 0; i < rows.length; i += 2_000) await client.query(sql, [JSON.stringify(rows.slice(i, i + 2_000))]);
  };
  await batches(
    [
      ...students.map((s, i) => ({ id: s.id, first_name: 'Student', last_name: String(i), role: 'student' })),
      ...employers.map(([id], i) => ({ id, first_name: 'Employer', last_name: String(i), role: 'employer' })),
    ],
    `INSERT INTO matching.people (id, first_name, last_name, role, snapshot_at, version, ranked_version)
     SELECT id, first_name, last_name, role, now(), 1, 1
     FROM json_to_recordset($1::json) AS r(id uuid, first_name text, last_name text, role text)`,
  );
  await batches(
    [
      ...students
        .filter((s) => s.vector || s.values.length > 0)
        .map((s) => ({ user_id: s.id, core_values: s.values, vector: s.vector ?? [] })),
      ...employers.filter(([, vector]) => vector).map(([id, vector]) => ({ user_id: id, core_values: [], vector })),
    ],
    `INSERT INTO matching.culture_profiles (user_id, core_values, vector, completed_at)
     SELECT user_id, ARRAY(SELECT json_array_elements_text(core_values)), ARRAY(SELECT json_array_elements_text(vector))::real[], '${now}'
     FROM json_to_recordset($1::json) AS r(user_id uuid, core_values json, vector json)`,
  );
  await batches(
    students.map((s) => ({ user_id: s.id, skills: s.skills })),
    `INSERT INTO matching.student_skills (user_id, skills, skills_at)
     SELECT user_id, skills, '${now}' FROM json_to_recordset($1::json) AS r(user_id uuid, skills jsonb)`,
  );
  await batches(
    projects.map((p, i) => ({
      id: p.id,
      employer_id: p.employerId,
      title: `Seeded project ${i}`,
      required_skills: p.requiredSkills,
      cultural_values: p.culturalValues,
    })),
    `INSERT INTO matching.projects (id, employer_id, title, description, exchange_type, required_skills, cultural_values,
       is_active, project_created_at, snapshot_at, version, ranked_version)
     SELECT id, employer_id, title, 'A seeded project.', 'mentorship', ARRAY(SELECT json_array_elements_text(required_skills)),
       ARRAY(SELECT json_array_elements_text(cultural_values)), true, '${now}', '${now}', 1, 1
     FROM json_to_recordset($1::json) AS r(id uuid, employer_id uuid, title text, required_skills json, cultural_values json)`,
  );
  // The rankings, with each owner's length and floor (its last entry) as the jobs keep them.
  const lists = [
    [
      'student_top_projects',
      'student_id',
      'project_id',
      'people',
      'match_count',
      'floor_project_id',
      students,
      (s) => ranked.projectsFor(s.id).map((e) => [e.projectId, e.score.overall]),
    ],
    [
      'project_top_students',
      'project_id',
      'student_id',
      'projects',
      'candidate_count',
      'floor_student_id',
      projects,
      (p) => ranked.studentsFor(p.id).map((e) => [e.studentId, e.score.overall]),
    ],
  ];
  for (const [table, owner, other, owners, count, floorOther, items, entriesOf] of lists) {
    const rows = items.map((item) => ({ owner: item.id, entries: entriesOf(item) }));
    await batches(
      rows.flatMap((row) => row.entries.map(([id, overall]) => ({ owner: row.owner, other: id, overall }))),
      `INSERT INTO matching.${table} (${owner}, ${other}, overall)
       SELECT owner, other, overall FROM json_to_recordset($1::json) AS r(owner uuid, other uuid, overall int)`,
    );
    await batches(
      rows.map((row) => ({ owner: row.owner, count: row.entries.length, floor: row.entries.at(-1) ?? null })),
      `UPDATE matching.${owners} o SET ${count} = r.count, floor_overall = (r.floor->>1)::int, ${floorOther} = (r.floor->>0)::uuid
       FROM json_to_recordset($1::json) AS r(owner uuid, count int, floor json) WHERE o.id = r.owner`,
    );
  }
  await client.query('VACUUM ANALYZE');
}
