// B9 top-K writes (../shared/BENCHMARKS.md): rows/s writing 2M match rows with COPY (pg-copy-streams,
// binary format) against multi-row INSERT (1,000 rows a statement, bound parameters), both into the
// same kind of freshly created table in the bench's own database, measured in this run. The rows are
// written ABBA in four rounds of a quarter each, so drift on this shared machine hits both alike.
//
// This file also exports the match tables and writers B6–B8 use (run as a script, it is B9).
//
// Knobs: B9_ROWS (default 2,000,000), B9_INDEXED=1 (tables keep their primary key while loading;
// default: load, then build the key, as a full rebuild does: printed apart), B9_BATCH (rows per
// INSERT, default 1,000).
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { Random } from '../services/matching/dist/scoring/synthetic.js';
import { createBenchDatabase } from './lib.mjs';

/**
 * A top-K table as the scorer's tables suggest: one row per (owner, other) pair with its three
 * scores, no rank column (readers order by overall desc, other id), so an incremental update touches
 * only the rows that enter or leave. student_matches: a student's top projects; project_matches: a
 * project's top students.
 */
export const MATCH_TABLES = {
  student_matches: { owner: 'student_id', other: 'project_id' },
  project_matches: { owner: 'project_id', other: 'student_id' },
};

export async function createMatchTable(client, table, { indexed = true, name = table } = {}) {
  const { owner, other } = MATCH_TABLES[table];
  await client.query(`DROP TABLE IF EXISTS ${name}`);
  await client.query(
    `CREATE TABLE ${name} (${owner} uuid NOT NULL, ${other} uuid NOT NULL, culture smallint NOT NULL, ` +
      `skills smallint NOT NULL, overall smallint NOT NULL)`,
  );
  if (indexed) await indexMatchTable(client, table, name);
}

export async function indexMatchTable(client, table, name = table) {
  const { owner, other } = MATCH_TABLES[table];
  await client.query(`ALTER TABLE ${name} ADD PRIMARY KEY (${owner}, ${other})`);
}

/** A UUID string list as 16 bytes each (binary COPY sends uuids as their 16 bytes). */
function uuidBytes(ids) {
  const bytes = Buffer.alloc(ids.length * 16);
  ids.forEach((id, i) => bytes.write(id.replace(/-/g, ''), i * 16, 16, 'hex'));
  return bytes;
}

const uuidCache = new WeakMap();
function cachedUuidBytes(ids) {
  let bytes = uuidCache.get(ids);
  if (!bytes) uuidCache.set(ids, (bytes = uuidBytes(ids)));
  return bytes;
}

const COPY_HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** Field count, then (length, bytes) for two uuids and three smallints. */
const ROW_BYTES = 2 + 2 * (4 + 16) + 3 * (4 + 2);

/**
 * COPY rows [from, to) into `name` in PostgreSQL's binary format (pg-copy-streams). Rows are columns:
 * `owners`/`others` index `ownerIds`/`otherIds`, scores in Uint8Arrays. Binary measured about 1.6x
 * the rows/s of text COPY here: the server skips parsing uuids and integers.
 */
export async function copyRows(client, name, rows, from = 0, to = rows.owners.length) {
  const ownerBytes = cachedUuidBytes(rows.ownerIds);
  const otherBytes = cachedUuidBytes(rows.otherIds);
  const { owners, others, culture, skills, overall } = rows;
  const stream = client.query(copyStreams.from(`COPY ${name} FROM STDIN (FORMAT binary)`));
  const done = finished(stream);
  stream.write(COPY_HEADER);
  const rowsPerChunk = 4096;
  for (let start = from; start < to; start += rowsPerChunk) {
    const end = Math.min(to, start + rowsPerChunk);
    const last = end === to;
    const chunk = Buffer.allocUnsafe((end - start) * ROW_BYTES + (last ? 2 : 0));
    let at = 0;
    for (let i = start; i < end; i++) {
      at = chunk.writeInt16BE(5, at);
      at = chunk.writeInt32BE(16, at);
      at += ownerBytes.copy(chunk, at, owners[i] * 16, owners[i] * 16 + 16);
      at = chunk.writeInt32BE(16, at);
      at += otherBytes.copy(chunk, at, others[i] * 16, others[i] * 16 + 16);
      at = chunk.writeInt32BE(2, at);
      at = chunk.writeInt16BE(culture[i], at);
      at = chunk.writeInt32BE(2, at);
      at = chunk.writeInt16BE(skills[i], at);
      at = chunk.writeInt32BE(2, at);
      at = chunk.writeInt16BE(overall[i], at);
    }
    if (last) chunk.writeInt16BE(-1, at);
    if (!stream.write(chunk)) await once(stream, 'drain');
  }
  if (from >= to) stream.write(Buffer.from([0xff, 0xff]));
  stream.end();
  await done;
}

/** Multi-row INSERT of rows [from, to) into `name`, `batch` rows a statement with bound parameters. */
export async function insertRows(client, name, rows, from = 0, to = rows.owners.length, batch = 1000) {
  const { ownerIds, otherIds, owners, others, culture, skills, overall } = rows;
  const statements = new Map();
  for (let start = from; start < to; start += batch) {
    const end = Math.min(to, start + batch);
    const n = end - start;
    let text = statements.get(n);
    if (!text) {
      const tuples = [];
      for (let r = 0; r < n; r++) {
        const p = r * 5;
        tuples.push(`($${p + 1},$${p + 2},$${p + 3},$${p + 4},$${p + 5})`);
      }
      text = `INSERT INTO ${name} VALUES ${tuples.join(',')}`;
      statements.set(n, text);
    }
    const values = new Array(n * 5);
    for (let i = start, v = 0; i < end; i++) {
      values[v++] = ownerIds[owners[i]];
      values[v++] = otherIds[others[i]];
      values[v++] = culture[i];
      values[v++] = skills[i];
      values[v++] = overall[i];
    }
    await client.query({ text, values, name: n === batch ? `insert_${name}_${batch}` : undefined });
  }
}

/** Synthetic match rows: `owners` × `perOwner` rows, other sides and scores at random. */
export function syntheticRows(random, ownerIds, otherIds, perOwner) {
  const total = ownerIds.length * perOwner;
  const rows = {
    ownerIds,
    otherIds,
    owners: new Int32Array(total),
    others: new Int32Array(total),
    culture: new Uint8Array(total),
    skills: new Uint8Array(total),
    overall: new Uint8Array(total),
  };
  for (let owner = 0, i = 0; owner < ownerIds.length; owner++) {
    const picked = new Set();
    while (picked.size < Math.min(perOwner, otherIds.length)) picked.add(random.int(otherIds.length));
    for (const other of picked) {
      rows.owners[i] = owner;
      rows.others[i] = other;
      rows.culture[i] = random.int(101);
      rows.skills[i] = random.int(101);
      rows.overall[i] = (rows.culture[i] + rows.skills[i]) >> 1;
      i++;
    }
  }
  return rows;
}

/** A TopKTable of fullRematch as rows (entry j of owner i at i·k + j). */
export function tableRows(table) {
  let total = 0;
  for (const count of table.counts) total += count;
  const rows = {
    ownerIds: table.ids,
    otherIds: table.otherIds,
    owners: new Int32Array(total),
    others: new Int32Array(total),
    culture: new Uint8Array(total),
    skills: new Uint8Array(total),
    overall: new Uint8Array(total),
  };
  let i = 0;
  for (let owner = 0; owner < table.ids.length; owner++) {
    for (let j = 0; j < table.counts[owner]; j++, i++) {
      const at = owner * table.k + j;
      rows.owners[i] = owner;
      rows.others[i] = table.other[at];
      rows.culture[i] = table.culture[at];
      rows.skills[i] = table.skills[at];
      rows.overall[i] = table.overall[at];
    }
  }
  return rows;
}

export const int = (value) => Math.round(value).toLocaleString('en-US');

export function machine() {
  return `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
}

export function percentile(sorted, fraction) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const total = Number(process.env.B9_ROWS || 2_000_000);
  const indexed = process.env.B9_INDEXED === '1';
  const batch = Number(process.env.B9_BATCH || 1000);
  const perOwner = 20;
  console.log(
    `B9 top-K writes — ${int(total)} rows per method (${perOwner} per student), ` +
      `${indexed ? 'primary key kept while loading' : 'into unindexed tables (the index built after is timed apart)'}, ` +
      `INSERT ${batch} rows a statement; ${machine()}`,
  );

  const random = new Random(9);
  const students = Array.from({ length: Math.ceil(total / perOwner) }, () => random.uuid());
  const projects = Array.from({ length: 10_000 }, () => random.uuid());
  const rows = syntheticRows(random, students, projects, perOwner);
  const count = Math.min(total, rows.owners.length);

  const database = await createBenchDatabase();
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    // Warm-up (discarded): connections, plans, the COPY path.
    await createMatchTable(client, 'student_matches', { name: 'warmup' });
    await copyRows(client, 'warmup', rows, 0, 20_000);
    await insertRows(client, 'warmup', rows, 20_000, 40_000, batch);
    await client.query('DROP TABLE warmup');

    const methods = {
      copy: {
        table: 'copy_matches',
        write: (from, to) => copyRows(client, 'copy_matches', rows, from, to),
        ms: 0,
        indexMs: 0,
      },
      insert: {
        table: 'insert_matches',
        write: (from, to) => insertRows(client, 'insert_matches', rows, from, to, batch),
        ms: 0,
        indexMs: 0,
      },
    };
    for (const method of Object.values(methods)) {
      await createMatchTable(client, 'student_matches', { name: method.table, indexed });
    }
    await client.query('CHECKPOINT');

    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      const from = Math.floor((count * round) / rounds);
      const to = Math.floor((count * (round + 1)) / rounds);
      const order = round % 2 === 0 ? ['copy', 'insert'] : ['insert', 'copy'];
      for (const name of order) {
        const started = performance.now();
        await methods[name].write(from, to);
        methods[name].ms += performance.now() - started;
      }
    }
    for (const method of Object.values(methods)) {
      if (indexed) continue;
      const started = performance.now();
      await indexMatchTable(client, 'student_matches', method.table);
      method.indexMs = performance.now() - started;
    }
    for (const method of Object.values(methods)) {
      const { rows: found } = await client.query(`SELECT count(*)::int AS n FROM ${method.table}`);
      if (found[0].n !== count) throw new Error(`${method.table} holds ${found[0].n} rows, expected ${count}`);
    }

    const rate = (method) => (count / method.ms) * 1000;
    const withIndex = (method) => (count / (method.ms + method.indexMs)) * 1000;
    for (const [label, method] of /** @type {const} */ ([
      ['COPY (binary)', methods.copy],
      ['multi-row INSERT', methods.insert],
    ])) {
      console.log(
        `  ${label.padEnd(18)} ${int(rate(method)).padStart(9)} rows/s (${(method.ms / 1000).toFixed(1)} s)` +
          (indexed
            ? ''
            : `; with the primary-key build after it ${int(withIndex(method))} rows/s (index ${(method.indexMs / 1000).toFixed(1)} s)`),
      );
    }
    console.log(
      `B9 top-K writes: COPY ${int(rate(methods.copy))} rows/s, ` +
        `${(rate(methods.copy) / rate(methods.insert)).toFixed(2)}x multi-row INSERT ` +
        `(goal ≥ 300k rows/s (COPY), ≥ 3x INSERT)`,
    );
  } finally {
    await client.end().catch(() => {});
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error('B9 top-K writes failed:', error);
    process.exitCode = 1;
  });
}
