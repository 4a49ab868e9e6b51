// B19 credentials (../shared/BENCHMARKS.md): issuing an Open Badges 3.0 credential (build it and sign
// its VC-JWT with the issuer's Ed25519 key), and verifying it as an outside verifier would (the JWKS
// fetched once; the signature and claims with jose; the credential's bit in a status list fetched
// once), p50/p99; then 10,000 credentials issued in a row through the service's own issuance code on
// Postgres (status entry under the lock, sign, insert; outbox and notifier stubbed), with memory
// (heapUsed, RSS) printed before and after. The Lighthouse part of B19 (the public page) is the web's.
//
// Knobs: B19_SAMPLES (sign/verify samples, default 2,000), B19_ISSUED (issued in a row, 10,000).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { CredentialUrls, openBadgeCredential } from '../services/credentials/dist/domain/open-badge.js';
import { encodeStatusList, STATUS_LIST_SIZE } from '../services/credentials/dist/domain/status-list.js';
import { IssuerKeys } from '../services/credentials/dist/keys/issuer-keys.js';
import { credentialsService } from '../services/credentials/dist/credentials.module.js';
import { CredentialRepository } from '../services/credentials/dist/repositories/credential.repository.js';
import { StatusListRepository } from '../services/credentials/dist/repositories/status-list.repository.js';
import { IssuanceService } from '../services/credentials/dist/services/issuance.service.js';
import { int, machine, percentile } from './b9-topk-writes.mjs';
import { migratedSchemaDatabase } from './lib.mjs';

const SAMPLES = Math.max(1, Number(process.env.B19_SAMPLES || 2000));
const ISSUED = Math.max(1, Number(process.env.B19_ISSUED || 10_000));
const WARMUP = 100;
const ORIGIN = 'https://projectory.example';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc');
const ms = (value) => `${value.toFixed(3)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const memory = () => {
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
};
const sorted = (values) => [...values].sort((a, b) => a - b);
const since = (started) => Number(process.hrtime.bigint() - started) / 1e6;

const signingKey = JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
const keys = await IssuerKeys.load({ CREDENTIALS_SIGNING_KEY: JSON.parse(signingKey), CREDENTIALS_RETIRED_KEYS: [] });
const urls = new CredentialUrls(ORIGIN);

/** What matching publishes for a completed match: 4 milestones, 3 skills, a recommendation. */
function completion() {
  const at = new Date().toISOString();
  return {
    matchId: randomUUID(),
    projectId: randomUUID(),
    studentId: randomUUID(),
    employerId: randomUUID(),
    project: {
      title: 'Data pipeline for the monthly reports',
      description: 'Move our reports from spreadsheets to a tested pipeline with a dashboard.',
      exchangeType: /** @type {const} */ ('certification'),
    },
    student: { firstName: 'Ada', lastName: 'Lovelace' },
    employer: { firstName: 'Grace', lastName: 'Hopper', company: 'Acme Labs' },
    milestones: ['Schema', 'Ingestion', 'Dashboard', 'Hand-over'].map((title) => ({
      id: randomUUID(),
      title,
      description: `${title}: done and reviewed.`,
      approvedAt: at,
    })),
    skills: ['TypeScript', 'PostgreSQL', 'Data Visualization'],
    recommendation: 'Careful, quick and clear in writing. I would hire Ada again.',
    completedAt: at,
  };
}

/** Build and sign one credential, as IssuanceService does (without the database). */
async function sign(index) {
  const id = randomUUID();
  const credential = openBadgeCredential(urls, {
    id,
    issuedAt: new Date(),
    issuerName: 'Projectory',
    statusListId: 1,
    statusIndex: index % STATUS_LIST_SIZE,
    completed: completion(),
  });
  const seconds = Math.floor(Date.now() / 1000);
  return keys.sign({
    iss: urls.issuer,
    sub: credential.credentialSubject.id,
    jti: credential.id,
    nbf: seconds,
    iat: seconds,
    vc: credential,
  });
}

console.log(
  `B19 credentials — ${int(SAMPLES)} signs and verifies (after ${WARMUP} warm-up), ${int(ISSUED)} issued in a row on Postgres; ${machine()}`,
);

// Issue (sign): build the credential and sign its VC-JWT.
const jwts = [];
const signing = [];
for (let i = 0; i < WARMUP + SAMPLES; i++) {
  const started = process.hrtime.bigint();
  const jwt = await sign(i);
  if (i >= WARMUP) signing.push(since(started));
  jwts.push(jwt);
}

// Verify as an outsider: the JWKS and the status list fetched once (JSON round trip, as over HTTP).
const jwks = createLocalJWKSet(JSON.parse(JSON.stringify(keys.jwks)));
const revokedBits = new Uint8Array(STATUS_LIST_SIZE / 8);
for (let i = 0; i < revokedBits.length; i += 97) revokedBits[i] = 0b0010_0000;
const statusList = { encodedList: await encodeStatusList(revokedBits) };
const listStarted = process.hrtime.bigint();
const decodedList = gunzipSync(Buffer.from(statusList.encodedList.slice(1), 'base64url'));
const listDecode = since(listStarted);
const verifying = [];
let revoked = 0;
for (const [i, jwt] of jwts.entries()) {
  const started = process.hrtime.bigint();
  const { payload, protectedHeader } = await jwtVerify(jwt, jwks, {
    algorithms: ['EdDSA'],
    typ: 'JWT',
    issuer: urls.issuer,
  });
  const status = /** @type {{ credentialStatus: { statusListIndex: string } }} */ (payload.vc).credentialStatus;
  const index = Number(status.statusListIndex);
  if ((decodedList[index >> 3] >> (7 - (index % 8))) & 1) revoked += 1;
  if (i >= WARMUP) verifying.push(since(started));
  if (protectedHeader.kid !== keys.kid) throw new Error('unexpected kid');
}
if (decodeProtectedHeader(jwts[0]).alg !== 'EdDSA') throw new Error('unexpected alg');

// 10,000 issued in a row through IssuanceService on a database of its own.
let database;
let client;
try {
  ({ database, client } = await migratedSchemaDatabase('credentials', credentialsService.definition.migrations));
  // The inbox transaction's manager, as far as the repositories use it.
  const manager = {
    query: async (sql, params) => (await client.query(sql, params)).rows,
    queryRunner: { isTransactionActive: true },
  };
  let events = 0;
  const outbox = { add: async () => void (events += 1) };
  const notifier = { notify: async () => void (events += 1) };
  const issuance = new IssuanceService(
    new CredentialRepository(),
    new StatusListRepository(),
    keys,
    urls,
    /** @type {any} */ (outbox),
    /** @type {any} */ (notifier),
    /** @type {any} */ ({ CREDENTIALS_ISSUER_NAME: 'Projectory' }),
  );
  const issueOne = async () => {
    await client.query('BEGIN');
    const id = await issuance.issue(/** @type {any} */ (manager), completion());
    await client.query('COMMIT');
    if (!id) throw new Error('nothing issued');
  };
  for (let i = 0; i < WARMUP; i++) await issueOne();
  const before = memory();
  const issuing = [];
  const started = process.hrtime.bigint();
  for (let i = 0; i < ISSUED; i++) {
    const one = process.hrtime.bigint();
    await issueOne();
    issuing.push(since(one));
  }
  const total = since(started);
  const after = memory();
  const { rows } = await client.query(
    'SELECT count(*)::int AS credentials, count(DISTINCT (status_list_id, status_index))::int AS entries FROM credentials',
  );

  const signed = sorted(signing);
  const verified = sorted(verifying);
  const issued = sorted(issuing);
  console.log(
    `B19 issue (build + sign VC-JWT): p50 ${ms(percentile(signed, 0.5))}, p99 ${ms(percentile(signed, 0.99))} (goal p50 ≤ 5 ms)`,
  );
  console.log(
    `B19 verify (jose jwtVerify against the JWKS fetched once + status bit): p50 ${ms(percentile(verified, 0.5))}, ` +
      `p99 ${ms(percentile(verified, 0.99))} (goal p50 ≤ 2 ms); the status list's gunzip once: ${ms(listDecode)}; ` +
      `${int(revoked)} of ${int(jwts.length)} read as revoked`,
  );
  console.log(
    `B19 ${int(ISSUED)} issued in a row (transaction: status entry under the lock, sign, insert): ` +
      `${(total / 1000).toFixed(1)} s, ${Math.round(ISSUED / (total / 1000))}/s, p50 ${ms(percentile(issued, 0.5))}, ` +
      `p99 ${ms(percentile(issued, 0.99))}; ${int(rows[0].credentials)} credentials on ${int(rows[0].entries)} distinct entries, ` +
      `${int(events)} events stubbed`,
  );
  console.log(
    `B19 memory after GC: heapUsed ${mb(before.heapUsed)} → ${mb(after.heapUsed)} ` +
      `(${after.heapUsed >= before.heapUsed ? '+' : ''}${mb(after.heapUsed - before.heapUsed)}), ` +
      `RSS ${mb(before.rss)} → ${mb(after.rss)} (goal: flat)`,
  );
} finally {
  await client?.end().catch(() => undefined);
  await database?.drop();
}
