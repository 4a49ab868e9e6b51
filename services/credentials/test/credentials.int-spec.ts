import { createHash, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { beforeAll, expect, it } from '@jest/globals';
import { newSigningKey, useApiStack } from '@projectory/api-stack';
import {
  CredentialIssuedV1,
  CredentialRevokedV1,
  type EventPayload,
  MatchCompletedV1,
  NotificationRequestedV1,
  ProjectCreatedV1,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import {
  describeWithInfra,
  type Person,
  publishEvent,
  recordEvents,
  signUpPerson,
  waitFor,
  withDatabase,
} from '@projectory/testing';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  jwtVerify,
  SignJWT,
} from 'jose';
import { BACKFILL_RECIPIENT_NAMES } from '../src/migrations/1796200000100-credential-recipient.migration.js';

// The verifier below is written from the standards alone (W3C VC Data Model 2.0 and its JWT securing,
// Open Badges 3.0, W3C Bitstring Status List v1.0) with `jose`: no project code.
const VC_V2 = 'https://www.w3.org/ns/credentials/v2';
const OB3 = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

interface Answer {
  status: number;
  text: string;
  headers: Headers;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const keyA = newSigningKey();
const ADMIN_EMAIL = `credentials.admin.${Date.now().toString(36)}@example.com`;
const readyInMatching = 'SELECT 1 FROM matching.people WHERE id = $1 AND snapshot_at IS NOT NULL';

/**
 * API.md "Credentials" (issue 37) through the gateway: a completed project earns one Open Badges 3.0
 * credential, signed as a VC-JWT, that anyone can verify against the published JWKS; revocation in a
 * Bitstring Status List; who may do what; key rotation.
 */
await describeWithInfra(['postgres'], 'credentials', () => {
  const stack = useApiStack(['identity', 'matching', 'credentials'], (base) => ({
    ADMIN_EMAILS: ADMIN_EMAIL,
    PUBLIC_ORIGIN: base,
    CREDENTIALS_SIGNING_KEY: keyA,
  }));
  let admin: Person;
  let events: { type: string; payload: unknown }[] = [];

  beforeAll(async () => {
    events = (await recordEvents(stack.bus, [CredentialIssuedV1, CredentialRevokedV1, NotificationRequestedV1])).events;
    admin = await signUpPerson(stack, 'employer', { overrides: { email: ADMIN_EMAIL } });
    expect(admin.user.role).toBe('admin');
  });

  const issuerUrl = () => `${stack.base}/api/credentials/issuer`;
  const anonymous = () => stack.client();
  const jwksNow = async (): Promise<JSONWebKeySet> =>
    (await anonymous().get('/api/credentials/jwks.json')).json<JSONWebKeySet>();

  /** A standards verifier: the JWS against the issuer's published keys, then the VC and OB3 claims. */
  async function verify(jwt: string, keys?: JSONWebKeySet) {
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(keys ?? (await jwksNow())), {
      algorithms: ['EdDSA'],
      typ: 'JWT',
      issuer: issuerUrl(),
    });
    const vc = payload.vc as Json;
    expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: expect.any(String) });
    expect(vc['@context']).toEqual([VC_V2, OB3]);
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.issuer).toMatchObject({ id: payload.iss, type: ['Profile'] });
    expect(payload.jti).toBe(vc.id);
    expect(payload.sub).toBe(vc.credentialSubject.id);
    expect(payload.nbf).toBe(payload.iat);
    expect(new Date(vc.validFrom).getTime()).toBe(payload.iat! * 1000);
    expect(vc.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(vc.credentialSubject.achievement.type).toEqual(['Achievement']);
    expect(vc.credentialStatus).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    return { payload, protectedHeader, vc };
  }

  /**
   * OB3 `IdentityObject` (`identityType: name`, hashed): the name the public record states, outside the
   * signature, followed by the signed credential's salt, hashed with SHA-256, is the signed `identityHash`
   * (`sha256$` + hex). The signed credential states no name.
   */
  function expectNamedByHash(shown: Json, vc: Json, name: string) {
    expect(shown.recipient).toEqual({ name });
    expect(JSON.stringify(vc)).not.toContain(name);
    expect(vc.credentialSubject.identifier).toEqual([
      {
        type: 'IdentityObject',
        identityHash: expect.stringMatching(/^sha256\$[0-9a-f]{64}$/),
        identityType: 'name',
        hashed: true,
        salt: expect.any(String),
      },
    ]);
    const [identity] = vc.credentialSubject.identifier as Json[];
    const recomputed = createHash('sha256').update(`${shown.recipient.name}${identity!.salt}`, 'utf8').digest('hex');
    expect(identity!.identityHash).toBe(`sha256$${recomputed}`);
  }

  /** The status list's bit for an entry: multibase `u` + base64url, GZIP, the left-most bit index 0. */
  async function statusBit(status: { statusListCredential: string; statusListIndex: string }): Promise<number> {
    const answer = await fetch(status.statusListCredential);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { jwt } = (await answer.json()) as { jwt: string };
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await jwksNow()), { issuer: issuerUrl() });
    const list = payload.vc as Json;
    expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(list.credentialSubject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
    const encoded: string = list.credentialSubject.encodedList;
    expect(encoded[0]).toBe('u');
    const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    expect(bits.length * 8).toBeGreaterThanOrEqual(131_072);
    const index = Number(status.statusListIndex);
    return (bits[index >> 3]! >> (7 - (index % 8))) & 1;
  }

  const people = async () => {
    const [student, employer] = await Promise.all([
      signUpPerson(stack, 'student', { readyWhen: readyInMatching }),
      signUpPerson(stack, 'employer', { readyWhen: readyInMatching }),
    ]);
    return { student, employer };
  };

  /** What matching publishes when a match completes, for a student and an employer. */
  function completion(student: Person, employer: Person, overrides: Partial<Json> = {}) {
    return {
      matchId: randomUUID(),
      projectId: randomUUID(),
      studentId: student.user.id,
      employerId: employer.user.id,
      project: { title: 'Landing page', description: 'Build our landing page.', exchangeType: 'experience' },
      student: { firstName: student.user.firstName, lastName: student.user.lastName },
      employer: { firstName: employer.user.firstName, lastName: employer.user.lastName, company: 'Acme Labs' },
      milestones: [
        { id: randomUUID(), title: 'Design', description: 'Wireframes', approvedAt: new Date().toISOString() },
      ],
      skills: ['TypeScript'],
      recommendation: null,
      completedAt: new Date().toISOString(),
      ...overrides,
    } as EventPayload<typeof MatchCompletedV1>;
  }

  /** Publishes the completion (the in-memory bus returns once consumers ran) and finds its credential. */
  async function issued(student: Person, employer: Person, overrides: Partial<Json> = {}) {
    const completed = completion(student, employer, overrides);
    await publishEvent(stack.bus, MatchCompletedV1, completed.matchId, completed);
    const id = await waitFor(() =>
      withDatabase(
        stack,
        async (db) =>
          (await db.query('SELECT id FROM credentials.credentials WHERE match_id = $1', [completed.matchId])).rows[0]
            ?.id as string | undefined,
      ),
    );
    return { id, completed };
  }

  const publicCredential = async (id: string) => {
    const answer = await anonymous().get(`/api/credentials/${id}`);
    expect([answer.status, answer.text]).toEqual([200, expect.any(String)]);
    return answer.json<Json>();
  };

  const refused = (answer: Answer, status: number, code?: string) => {
    expect({ status: answer.status, code: answer.json<Json>().code }).toEqual({
      status,
      code: code ?? expect.any(String),
    });
    return answer.json<Json>();
  };

  it('a project completed through the workspace earns one credential a standards verifier accepts', async () => {
    const { student, employer } = await people();
    expect((await employer.client.mutate('PATCH', '/api/users/me', { company: 'Acme Labs' })).status).toBe(200);
    const projectId = randomUUID();
    await publishEvent(stack.bus, UserSkillsUpdatedV1, student.user.id, {
      userId: student.user.id,
      skills: [
        {
          skillId: randomUUID(),
          name: 'typescript',
          category: 'Engineering',
          proficiencyLevel: 'Advanced',
          verified: false,
        },
      ],
      updatedAt: new Date().toISOString(),
    });
    await publishEvent(stack.bus, ProjectCreatedV1, projectId, {
      projectId,
      employerId: employer.user.id,
      title: 'Data pipeline',
      description: 'Move our reports to a real pipeline.',
      exchangeType: 'certification',
      exchangeDescription: null,
      duration: '2-3 weeks',
      requiredSkills: ['TypeScript', 'PostgreSQL'],
      culturalValues: [],
      milestones: [],
      isActive: true,
      createdAt: new Date().toISOString(),
    });
    await waitFor(() =>
      withDatabase(
        stack,
        async (db) =>
          (
            await db.query(
              `SELECT 1 FROM matching.people WHERE id = $1 AND company = 'Acme Labs'
               AND EXISTS (SELECT 1 FROM matching.student_skills WHERE user_id = $2)`,
              [employer.user.id, student.user.id],
            )
          ).rowCount,
      ),
    );
    const match = await waitFor(async () => {
      const applied = await student.client.post('/api/matches', { projectId });
      return applied.status === 201 ? applied.json<{ id: string }>() : undefined;
    });
    expect((await employer.client.mutate('PATCH', `/api/matches/${match.id}`, { status: 'accepted' })).status).toBe(
      200,
    );
    const planned = await employer.client.post(`/api/workspaces/${match.id}/milestones`, {
      title: 'Schema',
      description: 'The tables and their indexes',
    });
    expect(planned.status).toBe(201);
    const milestone = planned.json<{ id: string }>();
    const submitted = await student.client.post(`/api/workspaces/${match.id}/milestones/${milestone.id}/submissions`, {
      note: 'Done',
    });
    expect(submitted.status).toBe(201);
    const decided = await employer.client.mutate(
      'PATCH',
      `/api/workspaces/${match.id}/submissions/${submitted.json<{ id: string }>().id}`,
      { decision: 'approved' },
    );
    expect(decided.status).toBe(200);
    const completed = await employer.client.mutate('PATCH', `/api/matches/${match.id}`, {
      status: 'completed',
      recommendation: 'Careful and quick.',
    });
    expect(completed.status).toBe(200);

    const mine = await waitFor(async () => {
      const items = (await student.client.get('/api/credentials/me')).json<{ items: Json[] }>().items;
      return items.length > 0 ? items : undefined;
    });
    expect(mine).toEqual([
      {
        id: expect.any(String),
        title: 'Data pipeline',
        achievementType: 'Certificate',
        issuedAt: expect.any(String),
        employer: { id: employer.user.id, company: 'Acme Labs' },
        project: { id: projectId, title: 'Data pipeline' },
        skills: ['TypeScript'],
        status: 'active',
        public: true,
        verifyUrl: `${stack.base}/credentials/${mine[0]!.id}`,
      },
    ]);
    const id = mine[0]!.id as string;

    // Anyone, signed out: the credential, and what a verifier needs.
    const answer = await anonymous().get(`/api/credentials/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const shown = answer.json<Json>();
    expect(shown).toMatchObject({ id, status: 'active', revokedAt: null, revocationReason: null });
    const { payload, protectedHeader, vc } = await verify(shown.jwt);
    expect(vc).toEqual(shown.credential);
    expect(payload).toMatchObject({ sub: `urn:uuid:${student.user.id}`, jti: `urn:uuid:${id}` });
    expectNamedByHash(shown, vc, `${student.user.firstName} ${student.user.lastName}`);
    expect(vc.credentialSubject.achievement).toMatchObject({
      name: 'Data pipeline',
      description: 'Move our reports to a real pipeline.',
      achievementType: 'Certificate',
      criteria: { narrative: expect.stringContaining('Data pipeline') },
      creator: { type: ['Profile'], name: 'Acme Labs' },
      tag: ['TypeScript'],
    });
    expect(vc.evidence).toEqual([
      {
        type: ['Evidence'],
        name: 'Schema',
        description: 'The tables and their indexes',
        dateApproved: expect.any(String),
      },
    ]);
    expect(vc.recommendation).toBe('Careful and quick.');
    expect(await statusBit(vc.credentialStatus)).toBe(0);

    const jwks = await anonymous().get('/api/credentials/jwks.json');
    expect(jwks.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(jwks.json<JSONWebKeySet>().keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: protectedHeader.kid, alg: 'EdDSA', use: 'sig' },
    ]);
    expect((await anonymous().get('/api/credentials/issuer')).json()).toEqual({
      id: issuerUrl(),
      type: ['Profile'],
      name: 'Projectory',
      url: stack.base,
    });
    await waitFor(() =>
      events.some(
        (event) =>
          event.type === 'platform.notification.requested' &&
          JSON.stringify(event.payload).includes(`/credentials/${id}`),
      ),
    );
    await waitFor(() =>
      events.some((event) => event.type === CredentialIssuedV1.type && (event.payload as Json).credentialId === id),
    );
  });

  it('fails verification for a payload changed by one character and for a signature of another key', async () => {
    const { student, employer } = await people();
    const { id } = await issued(student, employer);
    const { jwt, credential } = await publicCredential(id);
    await verify(jwt);

    const [header, body, signature] = jwt.split('.');
    const text = Buffer.from(body, 'base64url').toString('utf8');
    const changed = text.replace('"Landing page"', '"Landing pagE"');
    expect(changed).not.toBe(text);
    await expect(verify(`${header}.${Buffer.from(changed).toString('base64url')}.${signature}`)).rejects.toThrow(
      /signature verification failed/,
    );

    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const { kid } = decodeProtectedHeader(jwt);
    const forged = await new SignJWT({ vc: credential })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
      .setIssuer(issuerUrl())
      .setSubject(credential.credentialSubject.id)
      .setJti(credential.id)
      .setIssuedAt()
      .sign(other.privateKey);
    await expect(verify(forged)).rejects.toThrow(/signature verification failed/);
    const unknownKid = await new SignJWT({ vc: credential })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: 'not-ours' })
      .setIssuer(issuerUrl())
      .sign(other.privateKey);
    await expect(verify(unknownKid)).rejects.toThrow(/no applicable key found/);
  });

  it('names the student outside the signature: a name erased leaves it verifiable and naming no one', async () => {
    const { student, employer } = await people();
    const first = await issued(student, employer);
    const second = await issued(student, employer);
    const name = `${student.user.firstName} ${student.user.lastName}`;
    const before = await publicCredential(first.id);
    expectNamedByHash(before, (await verify(before.jwt)).vc, name);
    // Each credential hashes the name with a salt of its own, stored with it.
    const other = await publicCredential(second.id);
    const salts = await withDatabase(stack, async (db) => {
      const { rows } = await db.query(
        'SELECT id, recipient_name, recipient_salt FROM credentials.credentials WHERE id = ANY($1)',
        [[first.id, second.id]],
      );
      return Object.fromEntries(rows.map((row) => [row.id, row]));
    });
    expect(salts[first.id]).toMatchObject({
      recipient_name: name,
      recipient_salt: before.credential.credentialSubject.identifier[0].salt,
    });
    expect(other.credential.credentialSubject.identifier[0].salt).not.toBe(salts[first.id].recipient_salt);
    expect(other.credential.credentialSubject.identifier[0].identityHash).not.toBe(
      before.credential.credentialSubject.identifier[0].identityHash,
    );

    // What erasing the account does to the credential: the stored name goes, the signed credential stays.
    await withDatabase(stack, (db) =>
      db.query('UPDATE credentials.credentials SET recipient_name = NULL WHERE id = $1', [first.id]),
    );
    const after = await publicCredential(first.id);
    expect(after.recipient).toBeNull();
    expect(after.jwt).toBe(before.jwt);
    const { vc } = await verify(after.jwt);
    expect(JSON.stringify(vc)).not.toContain(name);
    expect(JSON.stringify(after)).not.toContain(name);
  });

  it('keeps naming the student of a credential issued before names were hashed (the migration reads its name)', async () => {
    const { student, employer } = await people();
    const legacy = await issued(student, employer);
    const unnamed = await issued(student, employer);
    const name = `${student.user.firstName} ${student.user.lastName}`;
    await withDatabase(stack, async (db) => {
      // As the first version stored them: the name in clear in the signed identifier, no columns beside it.
      await db.query(
        `UPDATE credentials.credentials SET recipient_name = NULL, recipient_salt = NULL,
           credential = jsonb_set(credential::jsonb, '{credentialSubject,identifier}', $2::jsonb)::json
         WHERE id = $1`,
        [
          legacy.id,
          JSON.stringify([{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: name }]),
        ],
      );
      await db.query(
        `UPDATE credentials.credentials SET recipient_name = NULL, recipient_salt = NULL,
           credential = (credential::jsonb #- '{credentialSubject,identifier}')::json
         WHERE id = $1`,
        [unnamed.id],
      );
      await db.query('BEGIN');
      await db.query('SET LOCAL search_path TO credentials');
      await db.query(BACKFILL_RECIPIENT_NAMES);
      await db.query('COMMIT');
    });
    expect((await publicCredential(legacy.id)).recipient).toEqual({ name });
    expect((await publicCredential(unnamed.id)).recipient).toBeNull();
  });

  it('issues exactly one credential when the completion is delivered twice', async () => {
    const { student, employer } = await people();
    const completed = completion(student, employer);
    await publishEvent(stack.bus, MatchCompletedV1, completed.matchId, completed);
    await publishEvent(stack.bus, MatchCompletedV1, completed.matchId, completed);
    const counted = await withDatabase(stack, async (db) => {
      const { rows } = await db.query(
        'SELECT count(*)::int AS count FROM credentials.credentials WHERE match_id = $1',
        [completed.matchId],
      );
      return rows[0].count as number;
    });
    expect(counted).toBe(1);
    expect((await student.client.get('/api/credentials/me')).json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('lets the employer of the project and admins revoke; the status list bit is set and GET says revoked', async () => {
    const { student, employer } = await people();
    const stranger = await signUpPerson(stack, 'employer');
    const revoked = await issued(student, employer);
    const kept = await issued(student, employer);
    const byAdmin = await issued(student, employer);
    const reason = { reason: 'The work was not theirs' };

    refused(await stranger.client.post(`/api/credentials/${revoked.id}/revoke`, reason), 404, 'CREDENTIAL_NOT_FOUND');
    refused(await student.client.post(`/api/credentials/${revoked.id}/revoke`, reason), 404, 'CREDENTIAL_NOT_FOUND');
    refused(await anonymous().post(`/api/credentials/${revoked.id}/revoke`, reason), 401);
    const { credential } = await publicCredential(revoked.id);
    expect(await statusBit(credential.credentialStatus)).toBe(0);

    const done = await employer.client.post(`/api/credentials/${revoked.id}/revoke`, reason);
    expect(done.status).toBe(200);
    expect(done.json()).toMatchObject({ id: revoked.id, status: 'revoked', revocationReason: reason.reason });
    const shown = await publicCredential(revoked.id);
    expect(shown).toMatchObject({ status: 'revoked', revokedAt: expect.any(String), revocationReason: reason.reason });
    // The signature still verifies: revocation is the status list's word, which says revoked at once.
    await verify(shown.jwt);
    expect(await statusBit(shown.credential.credentialStatus)).toBe(1);
    expect(await statusBit((await publicCredential(kept.id)).credential.credentialStatus)).toBe(0);
    refused(await employer.client.post(`/api/credentials/${revoked.id}/revoke`, reason), 409, 'CREDENTIAL_REVOKED');

    expect((await admin.client.post(`/api/credentials/${byAdmin.id}/revoke`, { reason: 'Fraud' })).status).toBe(200);
    expect((await publicCredential(byAdmin.id)).status).toBe('revoked');

    // The status list alone, as a VC-JWT for a verifier that asks for one.
    const asJwt = await anonymous().get(new URL(credential.credentialStatus.statusListCredential).pathname, {
      accept: 'application/vc+jwt',
    });
    expect(asJwt.headers.get('content-type')).toMatch(/^application\/vc\+jwt/);
    expect((await jwtVerify(asJwt.text, createLocalJWKSet(await jwksNow()))).payload.jti).toBe(
      credential.credentialStatus.statusListCredential,
    );
    // Revoked ones leave the profile's list; the student hears of it.
    expect(
      (await student.client.get('/api/credentials/me')).json<{ items: Json[] }>().items.map((item) => item.status),
    ).toEqual(['revoked', 'active', 'revoked']);
    await waitFor(() =>
      events.some(
        (event) => event.type === CredentialRevokedV1.type && (event.payload as Json).credentialId === revoked.id,
      ),
    );
  });

  it('lets only the student choose whether their profile lists a credential; /me lists their own, paged', async () => {
    const { student, employer } = await people();
    const other = await signUpPerson(stack, 'student');
    const first = await issued(student, employer);
    const second = await issued(student, employer);
    await issued(other, employer);

    refused(await employer.client.mutate('PATCH', `/api/credentials/${first.id}`, { public: false }), 404);
    refused(await other.client.mutate('PATCH', `/api/credentials/${first.id}`, { public: false }), 404);
    const hidden = await student.client.mutate('PATCH', `/api/credentials/${first.id}`, { public: false });
    expect(hidden.status).toBe(200);
    expect(hidden.json()).toMatchObject({ id: first.id, public: false, status: 'active' });

    const page1 = (await student.client.get('/api/credentials/me?limit=1')).json<{
      items: Json[];
      nextCursor: string;
    }>();
    expect(page1.items.map((item) => item.id)).toEqual([second.id]);
    const page2 = (await student.client.get(`/api/credentials/me?limit=1&cursor=${page1.nextCursor}`)).json<{
      items: Json[];
      nextCursor: string | null;
    }>();
    expect(page2).toEqual({ items: [expect.objectContaining({ id: first.id, public: false })], nextCursor: null });
    refused(await employer.client.get('/api/credentials/me'), 403, 'FORBIDDEN');
    refused(await anonymous().get('/api/credentials/me'), 401);
  });

  it('refuses bad input with 400 naming the field, and unknown ids with 404', async () => {
    const { student, employer } = await people();
    const { id } = await issued(student, employer);
    const issues = (answer: Answer) =>
      refused(answer, 400, 'VALIDATION_FAILED').issues.map((issue: Json) => issue.path);
    expect(issues(await employer.client.post(`/api/credentials/${id}/revoke`, {}))).toEqual(['reason']);
    expect(issues(await employer.client.post(`/api/credentials/${id}/revoke`, { reason: '   ' }))).toEqual(['reason']);
    expect(issues(await employer.client.post(`/api/credentials/${id}/revoke`, { reason: 'x'.repeat(501) }))).toEqual([
      'reason',
    ]);
    expect(issues(await student.client.mutate('PATCH', `/api/credentials/${id}`, { public: 'yes' }))).toEqual([
      'public',
    ]);
    expect(issues(await student.client.mutate('PATCH', `/api/credentials/${id}`, {})).length).toBeGreaterThan(0);
    expect(issues(await student.client.get('/api/credentials/me?limit=0'))).toEqual(['limit']);
    refused(await student.client.get('/api/credentials/me?cursor=garbage'), 400, 'INVALID_CURSOR');
    refused(await anonymous().get(`/api/credentials/${randomUUID()}`), 404, 'CREDENTIAL_NOT_FOUND');
    refused(await anonymous().get('/api/credentials/not-an-id'), 404, 'CREDENTIAL_NOT_FOUND');
    refused(await employer.client.post(`/api/credentials/${randomUUID()}/revoke`, { reason: 'x' }), 404);
    for (const listId of ['0', '999999', 'abc', '1e3', '-1', '99999999999']) {
      refused(await anonymous().get(`/api/credentials/status/${listId}`), 404, 'STATUS_LIST_NOT_FOUND');
    }
  });

  // Last: it changes the stack's key for good.
  it('keeps credentials signed before a key rotation verifiable; new ones carry the new kid', async () => {
    const { student, employer } = await people();
    const before = await issued(student, employer);
    const { jwt: oldJwt } = await publicCredential(before.id);
    const oldKid = decodeProtectedHeader(oldJwt).kid;

    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const keyB = { ...(await exportJWK(privateKey)), kid: 'projectory-2027-01' };
    const { d: _private, ...publicA } = JSON.parse(keyA) as Json;
    await stack.restart('credentials', {
      CREDENTIALS_SIGNING_KEY: JSON.stringify(keyB),
      CREDENTIALS_RETIRED_KEYS: JSON.stringify([publicA]),
    });

    const keys = await jwksNow();
    expect(keys.keys.map((key) => key.kid)).toEqual(['projectory-2027-01', oldKid]);
    expect(keys.keys.every((key) => !('d' in key))).toBe(true);
    await verify(oldJwt, keys);
    const after = await issued(student, employer);
    const { jwt: newJwt } = await publicCredential(after.id);
    expect(decodeProtectedHeader(newJwt).kid).toBe('projectory-2027-01');
    await verify(newJwt, keys);
  });
});
