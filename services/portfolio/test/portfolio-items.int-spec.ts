import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import {
  type Collection,
  type Dashboard,
  type ErrorResponse,
  type EventEnvelope,
  type EventPayload,
  type Match,
  NotificationRequestedV1,
  type PortfolioItem,
  type PortfolioReviewItem,
  ProjectCreatedV1,
  type UserSkill,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import { createFileStore, type FileStore } from '@projectory/platform';
import {
  describeWithInfra,
  type EventRecorder,
  type Person,
  publishEvent,
  recordEvents,
  signUpPerson,
  waitFor,
  withDatabase,
} from '@projectory/testing';
import { skillCatalogV1 } from '../src/catalog/skills.catalog.js';
import { createUpload, patchUpload, uploadFile } from './tus-requests.js';

const ADMIN_EMAIL = 'portfolio.admin@example.com';
const catalogId = (name: string) => skillCatalogV1.find((skill) => skill.name === name)!.id;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// The 8-byte signature and a header chunk: enough for a type check, and for a browser to try.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

type UploadFile = { name: string; type: string; bytes: Buffer };
const pdfFile = (name = 'report.pdf'): UploadFile => ({ name, type: 'application/pdf', bytes: PDF });

await describeWithInfra(['postgres'], 'portfolio items through the gateway', () => {
  const stack = useApiStack(
    ['identity', 'portfolio', 'matching'],
    { ADMIN_EMAILS: ADMIN_EMAIL },
    { tempDir: { env: 'FILES_DIR', prefix: 'pj-portfolio-items-' } },
  );
  let files: FileStore;
  let admin: Person;
  let notifications: EventRecorder<EventEnvelope<EventPayload<typeof NotificationRequestedV1>>>;

  beforeAll(async () => {
    files = createFileStore({ FILES_DIR: stack.tempDir });
    notifications = await recordEvents(stack.bus, [NotificationRequestedV1]);
    admin = await signUp('employer', { email: ADMIN_EMAIL });
    expect(admin.user.role).toBe('admin');
  });

  afterAll(async () => {
    await files?.close();
  });

  /** A person portfolio knows by name (identity's event reached its read model). */
  const signUp = (role: 'student' | 'employer', overrides: Record<string, unknown> = {}) =>
    signUpPerson(stack, role, { overrides, readyWhen: 'SELECT 1 FROM portfolio.people WHERE id = $1' });

  async function addSkill(student: Person, name = 'TypeScript', level = 'Intermediate'): Promise<UserSkill> {
    const response = await student.client.post('/api/users/me/skills', {
      skillId: catalogId(name),
      proficiencyLevel: level,
    });
    expect(response.status).toBe(201);
    return response.json<UserSkill>();
  }

  /**
   * An upload record as the upload pipeline leaves it, with its bytes in the FileStore the service
   * reads: stored (finished, checked, checksummed) or still receiving.
   */
  async function upload(
    ownerId: string,
    file: UploadFile = pdfFile(),
    { purpose = 'portfolio', stored = true }: { purpose?: string; stored?: boolean } = {},
  ): Promise<string> {
    const id = randomUUID();
    const key = `portfolio/${ownerId}/${id}`;
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    if (stored) await files.put(key, Readable.from([file.bytes]), { contentType: file.type });
    await withDatabase(stack, (db) =>
      db.query(
        `INSERT INTO portfolio.uploads (id, owner_id, purpose, status, declared_size, declared_type, file_name,
                                        file_type, file_size, sha256, file_key, expires_at, stored_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + interval '1 hour', $12)`,
        stored
          ? [
              id,
              ownerId,
              purpose,
              'stored',
              file.bytes.length,
              file.type,
              file.name,
              file.type,
              file.bytes.length,
              sha256,
              key,
              new Date(),
            ]
          : [id, ownerId, purpose, 'receiving', file.bytes.length, file.type, file.name, null, null, null, null, null],
      ),
    );
    return id;
  }

  const itemBody = (userSkillId: string, uploadId: string, extra: Record<string, unknown> = {}) => ({
    userSkillId,
    uploadId,
    title: 'Checkout redesign',
    description: 'Rebuilt the checkout flow in TypeScript with typed API clients.',
    ...extra,
  });

  async function createItem(
    student: Person,
    skill: UserSkill,
    file: UploadFile = pdfFile(),
    extra: Record<string, unknown> = {},
  ): Promise<PortfolioItem> {
    const response = await student.client.post(
      '/api/portfolios',
      itemBody(skill.id, await upload(student.user.id, file), extra),
    );
    expect(response.status).toBe(201);
    return response.json<PortfolioItem>();
  }

  /** A student with a skill and one item. */
  async function studentWithItem(skillName = 'TypeScript') {
    const student = await signUp('student');
    const skill = await addSkill(student, skillName);
    const item = await createItem(student, skill);
    return { student, skill, item };
  }

  const issuesOf = (response: { json<T>(): T }) => response.json<ErrorResponse>().issues;

  /** An active project of the employer's, as projects announces it, once matching knows it. */
  async function project(employer: Person, requiredSkills = ['TypeScript', 'PostgreSQL']): Promise<string> {
    const projectId = randomUUID();
    await publishEvent(stack.bus, ProjectCreatedV1, projectId, {
      projectId,
      employerId: employer.user.id,
      title: `Project ${projectId.slice(0, 8)}`,
      description: 'Build something real with a real team.',
      exchangeType: 'mentorship',
      exchangeDescription: null,
      milestones: [],
      duration: '2-3 weeks',
      requiredSkills,
      culturalValues: ['Integrity'],
      isActive: true,
      createdAt: new Date().toISOString(),
    });
    await waitFor(() =>
      withDatabase(
        stack,
        async (db) => (await db.query('SELECT 1 FROM matching.projects WHERE id = $1', [projectId])).rowCount,
      ),
    );
    return projectId;
  }

  /** Waits until portfolio's read model holds the application in `status`. */
  const applicationKnown = (matchId: string, status: Match['status']) =>
    waitFor(() =>
      withDatabase(
        stack,
        async (db) =>
          (
            await db.query('SELECT 1 FROM portfolio.applications WHERE match_id = $1 AND status = $2', [
              matchId,
              status,
            ])
          ).rowCount,
      ),
    );

  async function apply(student: Person, employer: Person, requiredSkills?: string[]): Promise<Match> {
    const response = await student.client.post('/api/matches', { projectId: await project(employer, requiredSkills) });
    expect(response.status).toBe(201);
    const match = response.json<Match>();
    await applicationKnown(match.id, 'pending');
    return match;
  }

  async function moveMatch(person: Person, match: Match, status: Match['status']): Promise<void> {
    expect((await person.client.mutate('PATCH', `/api/matches/${match.id}`, { status })).status).toBe(200);
    await applicationKnown(match.id, status);
  }

  /** An employer the student applied to, who accepted the application. */
  async function acceptedEmployer(student: Person): Promise<Person> {
    const employer = await signUp('employer');
    expect((await employer.client.mutate('PATCH', '/api/users/me', { company: 'Acme Labs' })).status).toBe(200);
    await waitFor(() =>
      withDatabase(
        stack,
        async (db) =>
          (await db.query(`SELECT 1 FROM portfolio.people WHERE id = $1 AND company = 'Acme Labs'`, [employer.user.id]))
            .rowCount,
      ),
    );
    await moveMatch(employer, await apply(student, employer), 'accepted');
    return employer;
  }

  const verify = (reviewer: Person, itemId: string, body: Record<string, unknown>) =>
    reviewer.client.mutate('PATCH', `/api/portfolios/${itemId}/verification`, body);

  const mySkills = async (student: Person) =>
    (await student.client.get('/api/users/me/skills')).json<Collection<UserSkill>>().items;

  describe('creating', () => {
    it("answers API.md's messages, each on its field", async () => {
      const student = await signUp('student');
      const empty = await student.client.post('/api/portfolios', {});
      expect(empty.status).toBe(400);
      expect(issuesOf(empty)).toEqual(
        expect.arrayContaining([
          { path: 'userSkillId', message: 'Please select a skill' },
          { path: 'title', message: 'Title is required' },
          { path: 'description', message: 'Description must be at least 10 characters' },
          { path: 'uploadId', message: 'Please upload a file' },
        ]),
      );
      const skill = await addSkill(student);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ title: '   ' }, 'title', 'Title is required'],
        [{ title: 'x'.repeat(101) }, 'title', 'Title must be under 100 characters'],
        [{ description: 'too short' }, 'description', 'Description must be at least 10 characters'],
        [{ description: 'y'.repeat(501) }, 'description', 'Description must be under 500 characters'],
        [{ userSkillId: '' }, 'userSkillId', 'Please select a skill'],
        [{ fileName: 'evil.exe' }, 'fileName', expect.any(String) as unknown as string],
      ];
      for (const [extra, path, message] of cases) {
        const response = await student.client.post('/api/portfolios', itemBody(skill.id, randomUUID(), extra));
        expect(response.status).toBe(400);
        expect(issuesOf(response)).toEqual([{ path, message }]);
      }
      // Limits are inclusive: 100 and 500 characters are fine.
      const longest = await student.client.post(
        '/api/portfolios',
        itemBody(skill.id, await upload(student.user.id), { title: 'x'.repeat(100), description: 'y'.repeat(500) }),
      );
      expect(longest.status).toBe(201);
    });

    it('makes an item of a file sent through the tus pipeline (not of a half-sent one), and serves the same bytes', async () => {
      const student = await signUp('student');
      const skill = await addSkill(student);
      const source = Buffer.concat([PDF, randomBytes(2 * 1024 * 1024)]);
      const sent = await uploadFile(student.client, source, {
        filename: 'thesis.pdf',
        filetype: 'application/octet-stream',
        purpose: 'portfolio',
      });
      expect(sent.finish.status).toBe(204);
      const created = await student.client.post('/api/portfolios', itemBody(skill.id, sent.id));
      expect(created.status).toBe(201);
      const item = created.json<PortfolioItem>();
      expect(item).toMatchObject({
        fileName: 'thesis.pdf',
        fileType: 'application/pdf', // from the bytes, not from what the client declared
        fileSize: source.length,
        sha256: createHash('sha256').update(source).digest('hex'),
      });
      const response = await fetch(`${stack.base}${item.fileUrl}`, {
        headers: { cookie: student.client.cookieHeader },
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(source)).toBe(true);

      // Half sent: not finished, so no item.
      const half = await createUpload(student.client, source.length, { filename: 'half.pdf', purpose: 'portfolio' });
      const location = half.headers.get('location')!;
      expect((await patchUpload(student.client, location, 0, source.subarray(0, 1024 * 1024))).status).toBe(204);
      const refused = await student.client.post('/api/portfolios', itemBody(skill.id, location.split('/').pop()!));
      expect(refused.status).toBe(400);
      expect(issuesOf(refused)).toEqual([{ path: 'uploadId', message: 'Upload not found or not finished' }]);
    });

    it('takes the file metadata from the upload record, once', async () => {
      const student = await signUp('student');
      const skill = await addSkill(student);
      const uploadId = await upload(student.user.id, pdfFile('Final Report.pdf'));
      const response = await student.client.post('/api/portfolios', itemBody(skill.id, uploadId));
      expect(response.status).toBe(201);
      const item = response.json<PortfolioItem>();
      expect(item).toMatchObject({
        userId: student.user.id,
        fileName: 'Final Report.pdf',
        fileType: 'application/pdf',
        fileSize: PDF.length,
        sha256: createHash('sha256').update(PDF).digest('hex'),
        fileUrl: `/api/portfolios/${item.id}/file`,
        userSkillId: skill.id,
        userSkill: { skill: { name: 'TypeScript' }, proficiencyLevel: 'Intermediate', verified: false },
        verificationStatus: 'pending',
        verificationNotes: null,
        verifiedBy: null,
      });
      const again = await student.client.post('/api/portfolios', itemBody(skill.id, uploadId));
      expect(again.status).toBe(400);
      expect(issuesOf(again)).toEqual([{ path: 'uploadId', message: 'Upload not found or not finished' }]);
    });

    it("refuses someone else's, an unfinished, an avatar's or an unknown upload, and someone else's skill", async () => {
      const student = await signUp('student');
      const other = await signUp('student');
      const skill = await addSkill(student);
      const othersSkill = await addSkill(other);
      const refused = [
        await upload(other.user.id),
        await upload(student.user.id, pdfFile(), { stored: false }),
        await upload(student.user.id, { name: 'me.png', type: 'image/png', bytes: PNG }, { purpose: 'avatar' }),
        randomUUID(),
      ];
      for (const uploadId of refused) {
        const response = await student.client.post('/api/portfolios', itemBody(skill.id, uploadId));
        expect(response.status).toBe(400);
        expect(issuesOf(response)).toEqual([{ path: 'uploadId', message: 'Upload not found or not finished' }]);
      }
      const foreignSkill = await student.client.post(
        '/api/portfolios',
        itemBody(othersSkill.id, await upload(student.user.id)),
      );
      expect(foreignSkill.status).toBe(400);
      expect(issuesOf(foreignSkill)).toEqual([{ path: 'userSkillId', message: 'Skill not found on your profile' }]);
      expect((await student.client.get('/api/portfolios/me')).json<Collection<PortfolioItem>>().items).toEqual([]);
    });

    it('is for students: 403 for employers and admins', async () => {
      const employer = await signUp('employer');
      for (const person of [employer, admin]) {
        const response = await person.client.post('/api/portfolios', itemBody(randomUUID(), randomUUID()));
        expect(response.status).toBe(403);
      }
    });
  });

  describe('listing, editing, deleting', () => {
    it('lists the own items newest first, page by page', async () => {
      const { student, skill, item: first } = await studentWithItem();
      const second = await createItem(student, skill, pdfFile('b.pdf'));
      const third = await createItem(student, skill, pdfFile('c.pdf'));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Collection<PortfolioItem> = (
          await student.client.get(`/api/portfolios/me?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        ).json<Collection<PortfolioItem>>();
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([third.id, second.id, first.id]);
      const bad = await student.client.get('/api/portfolios/me?cursor=nonsense');
      expect(bad.status).toBe(400);
      expect(bad.json<ErrorResponse>().code).toBe('INVALID_CURSOR');
      // Someone else sees only their own (none).
      const other = await signUp('student');
      expect((await other.client.get('/api/portfolios/me')).json<Collection<PortfolioItem>>().items).toEqual([]);
    });

    it('edits and deletes for the owner only; strangers and bad ids get 404', async () => {
      const { student, item } = await studentWithItem();
      const stranger = await signUp('student');
      for (const path of [`/api/portfolios/${item.id}`, '/api/portfolios/not-an-id']) {
        expect((await stranger.client.mutate('PATCH', path, { title: 'Mine now' })).status).toBe(404);
        expect((await stranger.client.mutate('DELETE', path)).status).toBe(404);
      }
      const tooLong = await student.client.mutate('PATCH', `/api/portfolios/${item.id}`, { title: 'x'.repeat(101) });
      expect(issuesOf(tooLong)).toEqual([{ path: 'title', message: 'Title must be under 100 characters' }]);
      const edited = await student.client.mutate('PATCH', `/api/portfolios/${item.id}`, { title: '  New title ' });
      expect(edited.status).toBe(200);
      expect(edited.json<PortfolioItem>()).toMatchObject({ title: 'New title', description: item.description });

      expect((await student.client.mutate('DELETE', `/api/portfolios/${item.id}`)).status).toBe(204);
      expect((await student.client.get(`/api/portfolios/${item.id}/file`)).status).toBe(404);
      expect((await student.client.mutate('DELETE', `/api/portfolios/${item.id}`)).status).toBe(404);
      // The file went with the item: its upload is discarded and the bytes leave the store.
      const [{ status, file_key: key }] = await withDatabase(
        stack,
        async (db) =>
          (
            await db.query<{ status: string; file_key: string }>(
              `SELECT u.status, u.file_key FROM portfolio.uploads u WHERE u.owner_id = $1`,
              [student.user.id],
            )
          ).rows,
      );
      expect(status).toBe('discarded');
      await waitFor(async () => !(await files.exists(key)));
    });

    it('keeps a skill with items on the profile (409) until they go', async () => {
      const { student, skill, item } = await studentWithItem();
      const refused = await student.client.mutate('DELETE', `/api/users/me/skills/${skill.id}`);
      expect(refused.status).toBe(409);
      expect(refused.json<ErrorResponse>().code).toBe('SKILL_HAS_PORTFOLIO_ITEMS');
      expect((await student.client.mutate('DELETE', `/api/portfolios/${item.id}`)).status).toBe(204);
      expect((await student.client.mutate('DELETE', `/api/users/me/skills/${skill.id}`)).status).toBe(204);
    });

    it('counts toward profile completion', async () => {
      const student = await signUp('student');
      const check = async () =>
        (await student.client.get('/api/dashboard'))
          .json<Dashboard>()
          .profileChecks.find((profileCheck) => profileCheck.key === 'portfolio');
      expect(await check()).toEqual({ key: 'portfolio', label: 'Portfolio Item Added', done: false });
      await createItem(student, await addSkill(student));
      expect(await check()).toEqual({ key: 'portfolio', label: 'Portfolio Item Added', done: true });
    });
  });

  describe('the file', () => {
    async function download(person: Person, itemId: string) {
      const response = await fetch(`${stack.base}/api/portfolios/${itemId}/file`, {
        headers: { cookie: person.client.cookieHeader },
      });
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    }

    it('goes to the owner, admins and employers the student applied to; everyone else gets 404', async () => {
      const { student, item } = await studentWithItem();
      const appliedTo = await signUp('employer');
      const match = await apply(student, appliedTo);
      const otherEmployer = await signUp('employer');
      const otherStudent = await signUp('student');

      for (const person of [student, admin, appliedTo]) {
        const { response, bytes } = await download(person, item.id);
        expect(response.status).toBe(200);
        expect(bytes.equals(PDF)).toBe(true);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('content-length')).toBe(String(PDF.length));
        expect(response.headers.get('content-disposition')).toBe(
          `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
        );
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-security-policy')).toBe('sandbox');
      }
      for (const person of [otherEmployer, otherStudent]) {
        expect((await download(person, item.id)).response.status).toBe(404);
      }
      expect((await download(student, 'not-an-id')).response.status).toBe(404);
      expect((await stack.client().get(`/api/portfolios/${item.id}/file`)).status).toBe(401);

      // The candidate profile the gateway composes lists the items (portfolio's internal route).
      const profile = await appliedTo.client.get(`/api/users/${student.user.id}/profile`);
      expect(profile.status).toBe(200);
      expect(profile.json<{ portfolio: PortfolioItem[] }>().portfolio).toEqual([item]);

      // A withdrawn application no longer opens the student's files.
      await moveMatch(student, match, 'withdrawn');
      expect((await download(appliedTo, item.id)).response.status).toBe(404);
    });

    it('shows raster images inline', async () => {
      const student = await signUp('student');
      const item = await createItem(student, await addSkill(student), {
        name: 'shot.png',
        type: 'image/png',
        bytes: PNG,
      });
      const { response, bytes } = await download(student, item.id);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="shot.png"/);
      expect(bytes.equals(PNG)).toBe(true);
    });
  });

  describe('verification', () => {
    it('is for admins and employers who accepted the student; 404 to those who cannot see the item', async () => {
      const { student, item } = await studentWithItem();
      const pendingEmployer = await signUp('employer');
      await apply(student, pendingEmployer);
      const stranger = await signUp('employer');

      expect((await verify(student, item.id, { status: 'verified' })).status).toBe(403);
      expect((await verify(stranger, item.id, { status: 'verified' })).status).toBe(404);
      expect((await verify(stranger, 'not-an-id', { status: 'verified' })).status).toBe(404);
      // Applied but not accepted: may look at the work, not vouch for it.
      expect((await verify(pendingEmployer, item.id, { status: 'verified' })).status).toBe(403);
      const bad = await verify(admin, item.id, { status: 'pending' });
      expect(issuesOf(bad)).toEqual([
        { path: 'status', message: 'Status must be one of under_review, verified, rejected' },
      ]);
      const noNotes = await verify(admin, item.id, { status: 'rejected', notes: '  ' });
      expect(issuesOf(noNotes)).toEqual([{ path: 'notes', message: 'Notes are required to reject an item' }]);
      expect((await student.client.get('/api/portfolios/me')).json<Collection<PortfolioItem>>().items[0]).toMatchObject(
        { verificationStatus: 'pending' },
      );
    });

    it('marks the skill verified, names the reviewer, tells the student, and editing undoes it', async () => {
      const { student, skill, item } = await studentWithItem();
      const employer = await acceptedEmployer(student);
      const skillEvents = await recordEvents(stack.bus, [UserSkillsUpdatedV1]);

      const reviewing = await verify(employer, item.id, { status: 'under_review', notes: 'Looking at it this week' });
      expect(reviewing.status).toBe(200);
      expect(reviewing.json<PortfolioItem>()).toMatchObject({
        verificationStatus: 'under_review',
        verificationNotes: 'Looking at it this week',
      });
      const verified = await verify(employer, item.id, { status: 'verified', notes: 'Solid, well-tested work' });
      expect(verified.status).toBe(200);
      expect(verified.json<PortfolioItem>()).toMatchObject({
        verificationStatus: 'verified',
        verificationNotes: 'Solid, well-tested work',
        verifiedBy: {
          id: employer.user.id,
          firstName: employer.user.firstName,
          lastName: employer.user.lastName,
          company: 'Acme Labs',
        },
        userSkill: { verified: true },
      });
      expect((await mySkills(student)).find((mine) => mine.id === skill.id)?.verified).toBe(true);
      await skillEvents.waitFor(
        (event) => event.key === student.user.id && event.payload.skills.some((entry) => entry.verified),
      );
      // Live: the item as it is now, and a notification.
      await notifications.waitFor(
        (event) =>
          event.payload.userId === student.user.id &&
          event.payload.event === 'portfolio:updated' &&
          event.payload.data.verificationStatus === 'verified',
      );
      const notice = await notifications.waitFor(
        (event) => event.payload.userId === student.user.id && event.payload.data.kind === 'portfolio.verified',
      );
      expect(notice.payload.data).toMatchObject({ title: 'Portfolio item verified', link: '/portfolio' });

      // Decided: the employer cannot move it again; an admin can.
      const again = await verify(employer, item.id, { status: 'rejected', notes: 'Changed my mind' });
      expect(again.status).toBe(409);
      expect(again.json<ErrorResponse>().code).toBe('PORTFOLIO_ALREADY_REVIEWED');

      // An edit that changes nothing keeps the decision; a real one sends the item back to pending.
      const unchanged = await student.client.mutate('PATCH', `/api/portfolios/${item.id}`, { title: item.title });
      expect(unchanged.json<PortfolioItem>().verificationStatus).toBe('verified');
      const edited = await student.client.mutate('PATCH', `/api/portfolios/${item.id}`, {
        description: 'Rebuilt the checkout flow, now with end-to-end tests.',
      });
      expect(edited.json<PortfolioItem>()).toMatchObject({
        verificationStatus: 'pending',
        verificationNotes: null,
        verifiedBy: null,
        userSkill: { verified: false },
      });
      expect((await mySkills(student)).find((mine) => mine.id === skill.id)?.verified).toBe(false);
      await skillEvents.stop();
    });

    it('keeps the skill verified while another of its items is, and lets admins overturn a decision', async () => {
      const { student, skill, item } = await studentWithItem();
      const second = await createItem(student, skill, pdfFile('second.pdf'));
      for (const each of [item, second])
        expect((await verify(admin, each.id, { status: 'verified' })).status).toBe(200);
      const rejected = await verify(admin, item.id, { status: 'rejected', notes: 'Not the student’s own work' });
      expect(rejected.json<PortfolioItem>()).toMatchObject({
        verificationStatus: 'rejected',
        userSkill: { verified: true },
      });
      await notifications.waitFor(
        (event) => event.payload.userId === student.user.id && event.payload.data.kind === 'portfolio.rejected',
      );
      expect((await student.client.mutate('DELETE', `/api/portfolios/${second.id}`)).status).toBe(204);
      expect((await mySkills(student)).find((mine) => mine.id === skill.id)?.verified).toBe(false);
    });

    it('weighs a verified skill higher in the match score of the same student and project', async () => {
      const student = await signUp('student');
      const skill = await addSkill(student, 'TypeScript', 'Intermediate');
      const item = await createItem(student, skill);
      const employer = await signUp('employer');
      const match = await apply(student, employer, ['TypeScript']);
      await moveMatch(employer, match, 'accepted');
      const fit = async () => {
        const response = await student.client.get(`/api/matches/advanced/${student.user.id}`);
        expect(response.status).toBe(200);
        const matches = response.json<{
          projectMatches: { project: { id: string }; skillMatch: number; overallScore: number }[];
        }>();
        return matches.projectMatches.find((entry) => entry.project.id === match.projectId);
      };
      const before = await waitFor(fit);
      expect(before.skillMatch).toBe(70); // Intermediate: 7 tenths of the one required skill

      expect((await verify(employer, item.id, { status: 'verified' })).status).toBe(200);
      const after = await waitFor(async () => {
        const now = await fit();
        return now && now.skillMatch > before.skillMatch ? now : undefined;
      });
      expect(after.skillMatch).toBe(80); // +1 tenth when verified
      expect(after.overallScore).toBeGreaterThan(before.overallScore);
    });
  });

  describe('pending reviews', () => {
    it("lists an employer's accepted students' waiting items, and everyone's to admins", async () => {
      const { student, item } = await studentWithItem();
      const employer = await acceptedEmployer(student);
      const { item: elsewhere } = await studentWithItem('Python');
      const second = await createItem(student, (await mySkills(student))[0]!, pdfFile('two.pdf'));
      const decided = await createItem(student, (await mySkills(student))[0]!, pdfFile('three.pdf'));
      expect((await verify(employer, decided.id, { status: 'rejected', notes: 'Missing the source' })).status).toBe(
        200,
      );
      expect((await verify(employer, second.id, { status: 'under_review' })).status).toBe(200);

      const walk = async (person: Person) => {
        const seen: PortfolioReviewItem[] = [];
        let cursor: string | null = null;
        do {
          const response = await person.client.get(
            `/api/portfolios/reviews/pending?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          expect(response.status).toBe(200);
          const page: Collection<PortfolioReviewItem> = response.json<Collection<PortfolioReviewItem>>();
          seen.push(...page.items);
          cursor = page.nextCursor;
        } while (cursor);
        return seen;
      };
      const mine = await walk(employer);
      expect(mine.map((entry) => entry.id)).toEqual([item.id, second.id]);
      expect(mine[0]!.student).toEqual({
        id: student.user.id,
        firstName: student.user.firstName,
        lastName: student.user.lastName,
      });
      const everyone = (await walk(admin)).map((entry) => entry.id);
      expect(everyone).toEqual(expect.arrayContaining([item.id, second.id, elsewhere.id]));
      expect(everyone).not.toContain(decided.id);
      expect((await student.client.get('/api/portfolios/reviews/pending')).status).toBe(403);
      const stranger = await signUp('employer');
      expect((await stranger.client.get('/api/portfolios/reviews/pending')).json<Collection<unknown>>().items).toEqual(
        [],
      );
    });
  });
});
