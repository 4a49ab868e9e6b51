import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CandidateProfile, Match, Project, User, UserSkill } from '@projectory/contracts';
import { type ApiStack, startApiStack } from '@projectory/api-stack';
import {
  type ApiClient,
  describeWithInfra,
  type HttpResult,
  type Person,
  signUpPerson,
  takeAssessment,
  waitFor,
  withDatabase,
} from '@projectory/testing';

// A 1x1 PNG: its magic number is what portfolio's upload check reads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A whole file through tus 1.0 (POST, then one PATCH) as a browser's tus client sends it; returns the upload id. */
async function upload(client: ApiClient, bytes: Buffer, filename: string, filetype: string, purpose: string) {
  const send = async (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
    fetch(`${client.base}${path}`, {
      method,
      headers: {
        'tus-resumable': '1.0.0',
        'x-csrf-token': await client.csrfToken(),
        cookie: client.cookieHeader,
        ...headers,
      },
      body,
    });
  const metadata = Object.entries({ filename, filetype, purpose })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await send('POST', '/api/uploads', {
    'upload-length': String(bytes.length),
    'upload-metadata': metadata,
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  const patched = await send(
    'PATCH',
    location,
    { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
  return { id: location.split('/').pop()!, status: patched.status };
}

const applicantIn = (table: string) => `SELECT 1 FROM matching.${table} WHERE id = $1`;

await describeWithInfra(['postgres'], 'candidate profile and avatar (gateway composition)', () => {
  let stack: ApiStack;
  let filesDir: string;
  let student: Person;
  let employer: Person;
  let otherEmployer: Person;
  let otherStudent: Person;
  let admin: Person;
  let skills: UserSkill[];

  const profileOf = (client: ApiClient, userId = student.user.id) => client.get(`/api/users/${userId}/profile`);

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'pj-candidate-profile-'));
    stack = await startApiStack(['identity', 'assessment', 'matching', 'projects', 'portfolio', 'credentials'], {
      ARGON2_FAST: 'true',
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      ADMIN_EMAILS: 'profile.admin@example.com',
      FILES_DIR: filesDir,
    });
    const ready = { readyWhen: applicantIn('people') };
    [student, employer, otherEmployer, otherStudent, admin] = await Promise.all([
      signUpPerson(stack, 'student', ready),
      signUpPerson(stack, 'employer', ready),
      signUpPerson(stack, 'employer', ready),
      signUpPerson(stack, 'student', ready),
      signUpPerson(stack, 'employer', { overrides: { email: 'profile.admin@example.com' } }),
    ]);
    expect(admin.user.role).toBe('admin');

    const patched = await student.client.mutate('PATCH', '/api/users/me', {
      headline: 'CS student',
      bio: 'I build things.',
      school: 'State University',
      major: 'Computer Science',
      graduationYear: 2027,
      links: [{ label: 'GitHub', url: 'https://github.com/ada' }],
    });
    expect(patched.status).toBe(200);
    await takeAssessment(student);
    for (const name of ['TypeScript', 'PostgreSQL', 'React']) {
      const added = await student.client.post('/api/users/me/skills', { name, proficiencyLevel: 'Advanced' });
      expect(added.status).toBe(201);
    }
    skills = (await student.client.get('/api/users/me/skills')).json<{ items: UserSkill[] }>().items;

    // The application: employer's project, the student applies; the match completes and both review it.
    const created = await employer.client.post('/api/projects', {
      title: 'Profile test project',
      description: 'Build a candidate profile with a real team.',
      exchangeType: 'mentorship',
    });
    expect(created.status).toBe(201);
    const project = created.json<Project>();
    await waitFor(() =>
      withDatabase(stack, async (db) => (await db.query(applicantIn('projects'), [project.id])).rowCount),
    );
    const applied = await student.client.post('/api/matches', { projectId: project.id });
    expect(applied.status).toBe(201);
    const match = applied.json<Match>();
    for (const status of ['accepted', 'completed']) {
      expect((await employer.client.mutate('PATCH', `/api/matches/${match.id}`, { status })).status).toBe(200);
    }
    expect((await employer.client.post('/api/reviews', { matchId: match.id, rating: 4, comment: 'Good' })).status).toBe(
      201,
    );
    expect((await student.client.post('/api/reviews', { matchId: match.id, rating: 5, comment: 'Great' })).status).toBe(
      201,
    );
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(filesDir, { recursive: true, force: true });
  });

  describe('GET /api/users/:id/profile', () => {
    it('is shown to the user, admins and an employer the student applied to; 404 to others, 401 signed out', async () => {
      const answers = async (client: ApiClient) => (await profileOf(client)).status;
      expect(await answers(student.client)).toBe(200);
      expect(await answers(admin.client)).toBe(200);
      expect(await answers(employer.client)).toBe(200);
      expect(await answers(otherEmployer.client)).toBe(404);
      expect(await answers(otherStudent.client)).toBe(404);
      expect(await answers(stack.client())).toBe(401);
      // Ids that cannot be, or are nobody's, are the same 404.
      expect((await profileOf(admin.client, 'not-an-id')).status).toBe(404);
      expect((await profileOf(admin.client, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      // The other way round: the employer's own profile is not the student's to see.
      expect((await profileOf(student.client, employer.user.id)).status).toBe(404);
    });

    it('carries the public fields, skills, culture profile and reviews, and never the e-mail address', async () => {
      const response = await profileOf(employer.client);
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(student.user.email);
      expect(response.text).not.toContain('"email"');
      expect(response.text).not.toContain('"plan"');
      const profile = response.json<CandidateProfile>();
      expect(profile.user).toEqual({
        id: student.user.id,
        firstName: student.user.firstName,
        lastName: student.user.lastName,
        role: 'student',
        headline: 'CS student',
        bio: 'I build things.',
        location: null,
        school: 'State University',
        major: 'Computer Science',
        graduationYear: 2027,
        links: [{ label: 'GitHub', url: 'https://github.com/ada' }],
        profileImageUrl: null,
      });
      expect(profile.skills.map((skill) => skill.skill.name)).toEqual(['TypeScript', 'PostgreSQL', 'React']);
      expect(Object.keys(profile.assessment!.workingStyle).length).toBeGreaterThan(0);
      expect(profile.assessment!.valuesAlignment).toEqual(expect.arrayContaining(['Integrity', 'Growth']));
      expect(profile).not.toHaveProperty('assessment.responses');
      expect(profile.reviews).toEqual({ averageRating: 4, count: 1 });
      // A completed match: this employer may verify the student's work; the student may not.
      expect(profile.canVerify).toBe(true);
      expect((await profileOf(student.client)).json<CandidateProfile>().canVerify).toBe(false);
    });

    it("lists the student's public credentials that stand (the completed match earned one)", async () => {
      const listed = await waitFor(async () => {
        const profile = (await profileOf(employer.client)).json<CandidateProfile>();
        return profile.credentials.length > 0 ? profile.credentials : undefined;
      });
      expect(listed).toEqual([
        expect.objectContaining({
          title: 'Profile test project',
          employer: { id: employer.user.id, company: null },
          status: 'active',
          public: true,
        }),
      ]);
      const hidden = await student.client.mutate('PATCH', `/api/credentials/${listed[0]!.id}`, { public: false });
      expect(hidden.status).toBe(200);
      expect((await profileOf(employer.client)).json<CandidateProfile>().credentials).toEqual([]);
      expect((await student.client.mutate('PATCH', `/api/credentials/${listed[0]!.id}`, { public: true })).status).toBe(
        200,
      );
      expect((await profileOf(admin.client)).json<CandidateProfile>().credentials).toHaveLength(1);
    });

    it('lists verified skills first and the portfolio items', async () => {
      await withDatabase(stack, (db) =>
        db.query('UPDATE portfolio.user_skills SET verified = true WHERE id = $1', [skills[2]!.id]),
      );
      const file = await upload(student.client, PDF, 'report.pdf', 'application/pdf', 'portfolio');
      expect(file.status).toBe(204);
      const item = await student.client.post('/api/portfolios', {
        userSkillId: skills[0]!.id,
        title: 'Capstone report',
        description: 'The report of my capstone project.',
        uploadId: file.id,
      });
      expect(item.status).toBe(201);

      const profile = (await profileOf(employer.client)).json<CandidateProfile>();
      expect(profile.skills.map((skill) => [skill.skill.name, skill.verified])).toEqual([
        ['React', true],
        ['TypeScript', false],
        ['PostgreSQL', false],
      ]);
      expect(profile.portfolio).toEqual([
        expect.objectContaining({ title: 'Capstone report', fileName: 'report.pdf', fileType: 'application/pdf' }),
      ]);
    });
  });

  describe('PUT /api/users/me/avatar', () => {
    const setAvatar = (client: ApiClient, uploadId: unknown) =>
      client.mutate('PUT', '/api/users/me/avatar', { uploadId });
    const expectUploadIdRefused = (response: HttpResult) => {
      expect(response.status).toBe(400);
      expect(response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(['uploadId']);
    };

    it('refuses what is not an upload id, another user’s upload and a non-avatar upload with 400 naming uploadId', async () => {
      expectUploadIdRefused(await setAvatar(student.client, 'nope'));
      expectUploadIdRefused(await setAvatar(student.client, '00000000-0000-4000-8000-000000000000'));
      const foreign = await upload(otherStudent.client, PNG, 'me.png', 'image/png', 'avatar');
      expect(foreign.status).toBe(204);
      expectUploadIdRefused(await setAvatar(student.client, foreign.id));
      const document = await upload(student.client, PDF, 'cv.pdf', 'application/pdf', 'portfolio');
      expect(document.status).toBe(204);
      expectUploadIdRefused(await setAvatar(student.client, document.id));
      expect((await student.client.get('/api/auth/user')).json<User>().profileImageUrl).toBeNull();
      expect((await stack.client().mutate('PUT', '/api/users/me/avatar', { uploadId: foreign.id })).status).toBe(401);
    });

    it('sets profileImageUrl to the served image, once per upload, and discards the picture it replaces', async () => {
      const first = await upload(student.client, PNG, 'me.png', 'image/png', 'avatar');
      expect(first.status).toBe(204);
      const response = await setAvatar(student.client, first.id);
      expect(response.status).toBe(200);
      const user = response.json<User>();
      expect(user.profileImageUrl).toBe(`/api/uploads/${first.id}/file`);
      expect((await student.client.get('/api/auth/user')).json<User>().profileImageUrl).toBe(user.profileImageUrl);

      const image = await employer.client.get(user.profileImageUrl!);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\/png/);
      expect((await profileOf(employer.client)).json<CandidateProfile>().user.profileImageUrl).toBe(
        user.profileImageUrl,
      );
      // Taken once: the same upload cannot be set again.
      expectUploadIdRefused(await setAvatar(student.client, first.id));

      const second = await upload(student.client, PNG, 'me2.png', 'image/png', 'avatar');
      expect((await setAvatar(student.client, second.id)).json<User>().profileImageUrl).toBe(
        `/api/uploads/${second.id}/file`,
      );
      await waitFor(async () => (await employer.client.get(user.profileImageUrl!)).status === 404);
      expect((await employer.client.get(`/api/uploads/${second.id}/file`)).status).toBe(200);
    });
  });
});
