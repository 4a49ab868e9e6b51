import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type EventEnvelope,
  MatchCreatedV1,
  MatchStatusChangedV1,
  NotificationRequestedV1,
  type Project,
  ProjectArchivedV1,
  ProjectCreatedV1,
  type ProjectSnapshot,
  ProjectUpdatedV1,
  Topics,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, recordEvents, verifyEmployer, waitFor } from '@projectory/testing';
import {
  ADMIN_EMAIL,
  archiveProject,
  createProject,
  type Page,
  patchProject,
  type Person,
  projectBody,
  publish,
  signUp,
  walk,
} from './projects-fixtures.js';

type Issue = { path: string; message: string };

await describeWithInfra(['postgres'], 'projects through the gateway', () => {
  const stack = useApiStack(['projects', 'identity'], {
    ADMIN_EMAILS: ADMIN_EMAIL,
  });
  let events: EventEnvelope[] = [];
  let employer: Person;
  let otherEmployer: Person;
  let student: Person;

  /** The events about one project, in publication order. */
  const eventsOf = (projectId: string) => events.filter((event) => event.key === projectId);
  const waitForEvent = (projectId: string, type: string, count = 1) =>
    waitFor(() => {
      const found = eventsOf(projectId).filter((event) => event.type === type);
      return found.length >= count ? found[count - 1] : undefined;
    });

  beforeAll(async () => {
    events = (await recordEvents(stack.bus, [Topics.ProjectsProjects])).events;
    employer = await signUp(stack, 'employer', { firstName: 'Grace', lastName: 'Hopper' });
    otherEmployer = await signUp(stack, 'employer');
    student = await signUp(stack, 'student');
    // They post more projects than an unverified employer may keep active (API.md "Trust and safety").
    await verifyEmployer(stack, employer);
    await verifyEmployer(stack, otherEmployer);
  });

  describe('POST /api/projects', () => {
    it('creates a project for an employer: 201 with the Project, tags normalised, ProjectCreated with the snapshot', async () => {
      const response = await employer.client.post('/api/projects', {
        title: '  Redesign our onboarding  ',
        description: 'Help us redesign the first week of new volunteers.',
        exchangeType: 'portfolio',
        exchangeDescription: 'A case study for your portfolio',
        duration: '2-3 weeks',
        requiredSkills: ['  Figma ', '', 'figma', 'UX   Research', '   ', 'FIGMA', 'ux research', 'Copywriting'],
        culturalValues: ['Collaboration', 'collaboration ', 'Growth'],
      });
      expect(response.status).toBe(201);
      const project = response.json<Project>();
      expect(project).toEqual({
        id: expect.any(String),
        title: 'Redesign our onboarding',
        description: 'Help us redesign the first week of new volunteers.',
        exchangeType: 'portfolio',
        exchangeDescription: 'A case study for your portfolio',
        duration: '2-3 weeks',
        requiredSkills: ['Figma', 'UX Research', 'Copywriting'],
        culturalValues: ['Collaboration', 'Growth'],
        milestones: [],
        isActive: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        employer: {
          id: employer.user.id,
          firstName: 'Grace',
          lastName: 'Hopper',
          company: null,
          medianResponseHours: null,
          responseRate: null,
          verification: 'registered',
        },
        applicantCount: 0,
        flags: [],
      });
      const created = await waitForEvent(project.id, ProjectCreatedV1.type);
      expect(created).toMatchObject({ source: 'projects', version: 1, key: project.id });
      expect(created.payload).toEqual({
        projectId: project.id,
        employerId: employer.user.id,
        title: 'Redesign our onboarding',
        description: 'Help us redesign the first week of new volunteers.',
        exchangeType: 'portfolio',
        exchangeDescription: 'A case study for your portfolio',
        duration: '2-3 weeks',
        requiredSkills: ['Figma', 'UX Research', 'Copywriting'],
        culturalValues: ['Collaboration', 'Growth'],
        milestones: [],
        isActive: true,
        createdAt: project.createdAt,
      } satisfies ProjectSnapshot);
      expect((await employer.client.get(`/api/projects/${project.id}`)).json()).toEqual(project);
    });

    it('keeps optional fields optional: null texts and empty tag lists', async () => {
      const project = await createProject(employer, { exchangeDescription: '   ', duration: undefined });
      expect(project).toMatchObject({
        exchangeDescription: null,
        duration: null,
        requiredSkills: [],
        culturalValues: [],
      });
    });

    it('answers 400 with the prototype messages, on each field', async () => {
      const cases: [Record<string, unknown>, Issue[]][] = [
        [
          {},
          [
            { path: 'title', message: 'Title is required' },
            { path: 'description', message: 'Description is required' },
            { path: 'exchangeType', message: 'Exchange type is required' },
          ],
        ],
        [projectBody({ title: '   ' }), [{ path: 'title', message: 'Title is required' }]],
        [
          projectBody({ title: 'x'.repeat(101) }),
          [{ path: 'title', message: 'Title must be less than 100 characters' }],
        ],
        [projectBody({ description: '' }), [{ path: 'description', message: 'Description is required' }]],
        [
          projectBody({ description: 'd'.repeat(1001) }),
          [{ path: 'description', message: 'Description must be less than 1000 characters' }],
        ],
        [projectBody({ exchangeType: undefined }), [{ path: 'exchangeType', message: 'Exchange type is required' }]],
        [
          projectBody({ exchangeType: 'internship' }),
          [
            {
              path: 'exchangeType',
              message:
                'Exchange type must be one of mentorship, certification, experience, portfolio, recommendation, networking',
            },
          ],
        ],
        [
          projectBody({ exchangeDescription: 'e'.repeat(501) }),
          [{ path: 'exchangeDescription', message: 'Exchange details must be at most 500 characters' }],
        ],
        [
          projectBody({ duration: 't'.repeat(101) }),
          [{ path: 'duration', message: 'Duration must be at most 100 characters' }],
        ],
        [
          projectBody({ requiredSkills: Array.from({ length: 21 }, (_, i) => `Skill ${i}`) }),
          [{ path: 'requiredSkills', message: 'Add at most 20 required skills' }],
        ],
        [
          projectBody({ culturalValues: ['Growth', 'v'.repeat(51)] }),
          [{ path: 'culturalValues.1', message: 'Each cultural value must be at most 50 characters' }],
        ],
        [
          projectBody({ requiredSkills: 'React' }),
          [{ path: 'requiredSkills', message: 'Required skills must be a list' }],
        ],
        [
          projectBody({ requiredSkills: ['React', 7] }),
          [{ path: 'requiredSkills.1', message: 'Required skills must be text' }],
        ],
        [
          projectBody({ isActive: false, employerId: randomUUID() }),
          [
            { path: 'isActive', message: 'Unknown field' },
            { path: 'employerId', message: 'Unknown field' },
          ],
        ],
      ];
      for (const [body, issues] of cases) {
        const response = await employer.client.post('/api/projects', body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expect(response.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', issues });
      }
      // The limits themselves are allowed, and 20 tags stay 20 once duplicates are gone.
      const atLimits = await createProject(employer, {
        title: 'x'.repeat(100),
        description: 'd'.repeat(1000),
        requiredSkills: [...Array.from({ length: 20 }, (_, i) => `Skill ${i}`), 'skill 0', ' SKILL 19 '],
      });
      expect(atLimits.requiredSkills).toHaveLength(20);
    });

    it('is for employers only: 403 to students and admins, 401 signed out; nothing is created', async () => {
      const admin = await signUp(stack, 'student', { email: ADMIN_EMAIL });
      expect(admin.user.role).toBe('admin');
      for (const person of [student, admin]) {
        const response = await person.client.post('/api/projects', projectBody({ title: 'Not allowed here' }));
        expect(response.status).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      const anonymous = stack.client();
      expect((await anonymous.post('/api/projects', projectBody())).status).toBe(401);
      expect((await anonymous.get('/api/projects')).status).toBe(401);
      const { items } = await walk(student.client, '/api/projects?q=allowed&limit=100');
      expect(items).toEqual([]);
    });
  });

  describe('GET /api/projects', () => {
    it('lists active projects of every employer, newest first; never inactive or archived ones', async () => {
      const mine = await createProject(employer, { exchangeType: 'networking' });
      const theirs = await createProject(otherEmployer, { exchangeType: 'networking' });
      const inactive = await createProject(employer, { exchangeType: 'networking' });
      await patchProject(employer, inactive.id, { isActive: false });
      const archived = await createProject(otherEmployer, { exchangeType: 'networking' });
      await archiveProject(otherEmployer, archived.id);

      const page = (await student.client.get('/api/projects?exchangeType=networking')).json<Page>();
      expect(page.items.map((project) => project.id)).toEqual([theirs.id, mine.id]);
      expect(page.nextCursor).toBeNull();
      expect(page.items[0]!.employer).toMatchObject({ id: otherEmployer.user.id, firstName: 'Grace' });

      const all = (await walk(student.client, '/api/projects?limit=100')).items;
      expect(all.every((project) => project.isActive)).toBe(true);
      expect(all.map((project) => project.id)).not.toContain(inactive.id);
      expect(all.map((project) => project.id)).not.toContain(archived.id);
      const times = all.map((project) => project.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('filters by exchange type, treats an empty one as none, and refuses an unknown one (400)', async () => {
      const certification = await createProject(employer, { exchangeType: 'certification' });
      const { items } = await walk(student.client, '/api/projects?exchangeType=certification&limit=100');
      expect(items.map((project) => project.id)).toContain(certification.id);
      expect(items.every((project) => project.exchangeType === 'certification')).toBe(true);
      expect((await student.client.get('/api/projects?exchangeType=')).status).toBe(200);

      const bad = await student.client.get('/api/projects?exchangeType=internship');
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({
        issues: [{ path: 'exchangeType', message: expect.stringMatching(/^Exchange type must be one of/) }],
      });
    });

    it('refuses a bad limit or cursor with 400, never a 500', async () => {
      for (const query of ['limit=0', 'limit=101', 'limit=ten', 'cursor=garbage', 'cursor=WyIxIiwibm90LWEtdXVpZCJd']) {
        const response = await student.client.get(`/api/projects?${query}`);
        expect({ query, status: response.status }).toEqual({ query, status: 400 });
      }
      // A search cursor is not a browsing cursor, and the other way round.
      const browsing = (await student.client.get('/api/projects?limit=1')).json<Page>().nextCursor!;
      expect((await student.client.get(`/api/projects?q=project&cursor=${browsing}`)).status).toBe(400);
      expect((await student.client.get(`/api/projects?q=${'long'.repeat(60)}`)).status).toBe(400);
      // API.md: a text field never accepts a NUL (400 naming the field).
      const nul = await student.client.get('/api/projects?q=%00');
      expect([nul.status, nul.json<{ issues: unknown }>().issues]).toEqual([
        400,
        [expect.objectContaining({ path: 'q' })],
      ]);
    });

    it('answers operator-heavy searches (many dashes, bangs, tsquery syntax, quotes) with 200, never a 500', async () => {
      const project = await createProject(employer, { title: 'Lantern repair', description: 'Fix old lanterns.' });
      const hostile = ['-'.repeat(50), '-'.repeat(200), `${'- '.repeat(99)}x`, `${'-!('.repeat(66)}x`, '!!!', '&|:*'];
      for (const q of [...hostile, '<->', '"""', '"-!"', `lantern ${'-'.repeat(150)}`, "'\\:*&", 'a <-> b']) {
        const response = await student.client.get(`/api/projects?q=${encodeURIComponent(q)}`);
        expect({ q, status: response.status }).toEqual({ q, status: 200 });
      }
      // 500 dashes are refused for their length (q is at most 200 characters), not by the database.
      const long = await student.client.get(`/api/projects?q=${'-'.repeat(500)}`);
      expect([long.status, long.json<{ issues: unknown }>().issues]).toEqual([
        400,
        [expect.objectContaining({ path: 'q' })],
      ]);
      // The words among the operators still find what they name.
      const found = await walk(
        student.client,
        `/api/projects?q=${encodeURIComponent(`${'-'.repeat(60)} !!lantern&|`)}`,
      );
      expect(found.items.map((item) => item.id)).toEqual([project.id]);
    });

    it('walks every active project exactly once while new ones are being added', async () => {
      const before = await Promise.all(
        Array.from({ length: 13 }, (_, i) => createProject(i % 2 ? employer : otherEmployer)),
      );
      const everything = (await walk(student.client, '/api/projects?limit=100')).items.map((project) => project.id);
      expect(everything).toEqual(expect.arrayContaining(before.map((project) => project.id)));

      // Employers keep posting, in parallel with the walk and between its pages.
      const added: string[] = [];
      const post = async () => {
        const fresh = await Promise.all([createProject(employer), createProject(otherEmployer)]);
        added.push(...fresh.map((project) => project.id));
      };
      let walking = true;
      const background = (async () => {
        while (walking) await post();
      })();
      const walked = await walk(student.client, '/api/projects?limit=3', post).finally(() => (walking = false));
      await background;
      const ids = walked.items.map((project) => project.id);
      expect(walked.pages).toBeGreaterThan(5);
      expect(added.length).toBeGreaterThan(walked.pages * 2);
      expect(new Set(ids).size).toBe(ids.length);
      // Projects added meanwhile are newer than every cursor, so they never enter a walk begun before them.
      expect(ids.filter((id) => added.includes(id))).toEqual([]);
      expect(ids).toEqual(everything);
    });
  });

  describe('search', () => {
    it('finds by a word in the title or the description, stemmed, and ranks title matches first', async () => {
      const inDescription = await createProject(employer, {
        title: 'Quarterly volunteer report',
        description: 'Turn our spreadsheets into a clear infographic for donors.',
      });
      const inTitle = await createProject(otherEmployer, {
        title: 'Infographics for the annual review',
        description: 'Charts and pictures for our yearly summary.',
      });
      const newest = await createProject(employer, {
        title: 'Donor newsletter',
        description: 'Write two issues, each with one infographic.',
      });
      const ids = (await walk(student.client, '/api/projects?q=infographic&limit=100')).items.map((p) => p.id);
      expect(ids).toEqual([inTitle.id, newest.id, inDescription.id]);
      expect((await walk(student.client, '/api/projects?q=spreadsheet')).items.map((p) => p.id)).toEqual([
        inDescription.id,
      ]);
    });

    it('needs both words of a two-word query, in the title or the description', async () => {
      const both = await createProject(employer, { title: 'Web shop', description: 'A fresh design for our store.' });
      const bothInTitle = await createProject(otherEmployer, { title: 'Web design sprint', description: 'Two weeks.' });
      await createProject(employer, { title: 'Web analytics', description: 'Count the visitors.' });
      await createProject(employer, { title: 'Poster', description: 'Design a poster.' });
      const ids = (await walk(student.client, '/api/projects?q=web%20design')).items.map((p) => p.id);
      expect(ids).toEqual([bothInTitle.id, both.id]);
      // websearch syntax: quotes for a phrase, a minus to exclude.
      expect((await walk(student.client, '/api/projects?q=%22web%20design%22')).items.map((p) => p.id)).toEqual([
        bothInTitle.id,
      ]);
      expect((await walk(student.client, '/api/projects?q=web%20-analytics%20-design')).items).toEqual([]);
    });

    it('ignores inactive and archived projects, and reactivated ones come back', async () => {
      const inactive = await createProject(employer, { title: 'Hydroponics garden', description: 'Grow it.' });
      const archived = await createProject(employer, { title: 'Hydroponics kit', description: 'Sell it.' });
      const active = await createProject(otherEmployer, { title: 'Garden', description: 'Hydroponics for schools.' });
      await patchProject(employer, inactive.id, { isActive: false });
      await archiveProject(employer, archived.id);
      const search = async () => (await walk(student.client, '/api/projects?q=hydroponics')).items.map((p) => p.id);
      expect(await search()).toEqual([active.id]);
      await patchProject(employer, inactive.id, { isActive: true });
      expect(await search()).toEqual([inactive.id, active.id]);
    });

    it('pages through ranked results with the filter, each match once, and finds nothing for stop words', async () => {
      const made = [];
      for (let i = 0; i < 7; i += 1) {
        made.push(
          await createProject(i % 2 ? employer : otherEmployer, {
            exchangeType: i < 5 ? 'experience' : 'mentorship',
            title: i % 3 === 0 ? `Lighthouse audit ${i}` : `Audit ${i}`,
            description: i % 3 === 0 ? 'A site audit.' : 'Improve the lighthouse score of our site.',
          }),
        );
      }
      const walked = await walk(student.client, '/api/projects?q=lighthouse&exchangeType=experience&limit=2');
      const ids = walked.items.map((project) => project.id);
      expect(walked.pages).toBe(3);
      expect(new Set(ids)).toEqual(new Set(made.slice(0, 5).map((project) => project.id)));
      expect(ids.slice(0, 2)).toEqual([made[3]!.id, made[0]!.id]);
      expect((await walk(student.client, '/api/projects?q=the%20of')).items).toEqual([]);
    });
  });

  describe('GET /api/projects/me', () => {
    it("lists the employer's own projects, active and inactive but not archived, newest first, by pages", async () => {
      const owner = await signUp(stack, 'employer');
      await verifyEmployer(stack, owner);
      const made = [];
      for (let i = 0; i < 5; i += 1) made.push(await createProject(owner));
      await patchProject(owner, made[1]!.id, { isActive: false });
      await archiveProject(owner, made[2]!.id);
      await createProject(otherEmployer);
      const walked = await walk(owner.client, '/api/projects/me?limit=2');
      expect(walked.items.map((project) => project.id)).toEqual([made[4]!.id, made[3]!.id, made[1]!.id, made[0]!.id]);
      expect(walked.items.map((project) => project.isActive)).toEqual([true, true, false, true]);
      expect(walked.pages).toBe(2);
    });

    it('is for employers (403 otherwise) and refuses a bad cursor', async () => {
      expect((await student.client.get('/api/projects/me')).status).toBe(403);
      expect((await employer.client.get('/api/projects/me?cursor=x')).status).toBe(400);
    });
  });

  describe('GET /api/projects/:id', () => {
    it('shows an active project to anyone signed in, an inactive one to its employer only, an archived one to nobody', async () => {
      const project = await createProject(employer);
      expect((await student.client.get(`/api/projects/${project.id}`)).json()).toEqual(project);
      expect((await otherEmployer.client.get(`/api/projects/${project.id}`)).status).toBe(200);

      const inactive = await patchProject(employer, project.id, { isActive: false });
      expect((await employer.client.get(`/api/projects/${project.id}`)).json()).toEqual(inactive);
      for (const stranger of [student, otherEmployer]) {
        const response = await stranger.client.get(`/api/projects/${project.id}`);
        expect(response.status).toBe(404);
        expect(response.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
      }

      await archiveProject(employer, project.id);
      expect((await employer.client.get(`/api/projects/${project.id}`)).status).toBe(404);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'not-an-id', '1', "' OR 1=1 --"]) {
        const response = await student.client.get(`/api/projects/${encodeURIComponent(id)}`);
        expect({ id, status: response.status }).toEqual({ id, status: 404 });
      }
    });
  });

  describe('PATCH /api/projects/:id', () => {
    it('changes any field and isActive for the owner, announcing the whole project in ProjectUpdated', async () => {
      const project = await createProject(employer, { requiredSkills: ['Go'] });
      await waitForEvent(project.id, ProjectCreatedV1.type);
      const changed = await patchProject(employer, project.id, {
        title: ' New title ',
        exchangeType: 'certification',
        duration: '1 month',
        requiredSkills: ['Rust', ' rust', 'SQL '],
        culturalValues: [],
        isActive: false,
      });
      expect(changed).toEqual({
        ...project,
        title: 'New title',
        exchangeType: 'certification',
        duration: '1 month',
        requiredSkills: ['Rust', 'SQL'],
        culturalValues: [],
        isActive: false,
      });
      const updated = await waitForEvent(project.id, ProjectUpdatedV1.type);
      expect(updated.payload).toEqual({
        projectId: project.id,
        employerId: employer.user.id,
        title: 'New title',
        description: project.description,
        exchangeType: 'certification',
        exchangeDescription: null,
        duration: '1 month',
        requiredSkills: ['Rust', 'SQL'],
        culturalValues: [],
        milestones: [],
        isActive: false,
        createdAt: project.createdAt,
      });

      // A change that changes nothing announces nothing: the next event is the next real change.
      expect(await patchProject(employer, project.id, { title: 'New title', isActive: false })).toEqual(changed);
      await patchProject(employer, project.id, { duration: null, isActive: true });
      const next = await waitForEvent(project.id, ProjectUpdatedV1.type, 2);
      expect(next.payload).toMatchObject({ duration: null, isActive: true, title: 'New title' });
      expect(eventsOf(project.id).map((event) => event.type)).toEqual([
        ProjectCreatedV1.type,
        ProjectUpdatedV1.type,
        ProjectUpdatedV1.type,
      ]);
    });

    it('answers 400 with the same messages as creation', async () => {
      const project = await createProject(employer);
      const cases: [Record<string, unknown>, Issue[]][] = [
        [{ title: '' }, [{ path: 'title', message: 'Title is required' }]],
        [{ title: 'x'.repeat(101) }, [{ path: 'title', message: 'Title must be less than 100 characters' }]],
        [{ description: '  ' }, [{ path: 'description', message: 'Description is required' }]],
        [
          { description: 'd'.repeat(1001) },
          [{ path: 'description', message: 'Description must be less than 1000 characters' }],
        ],
        [{ exchangeType: null }, [{ path: 'exchangeType', message: 'Exchange type is required' }]],
        [{ isActive: 'yes' }, [{ path: 'isActive', message: 'isActive must be true or false' }]],
        [{ applicantCount: 99 }, [{ path: 'applicantCount', message: 'Unknown field' }]],
      ];
      for (const [body, issues] of cases) {
        const response = await employer.client.mutate('PATCH', `/api/projects/${project.id}`, body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues });
      }
      expect((await employer.client.get(`/api/projects/${project.id}`)).json()).toEqual(project);
    });

    it('answers 404 to anyone but the owner, and leaves the project as it was', async () => {
      const project = await createProject(employer);
      for (const stranger of [otherEmployer, student]) {
        const response = await stranger.client.mutate('PATCH', `/api/projects/${project.id}`, { title: 'Mine now' });
        expect(response.status).toBe(404);
      }
      expect((await employer.client.mutate('PATCH', `/api/projects/${randomUUID()}`, { title: 'x' })).status).toBe(404);
      expect((await employer.client.mutate('PATCH', '/api/projects/nope', { title: 'x' })).status).toBe(404);
      expect((await student.client.get(`/api/projects/${project.id}`)).json<Project>().title).toBe(project.title);
    });
  });

  describe('DELETE /api/projects/:id', () => {
    it('archives for the owner only: 204, ProjectArchived, then 404 everywhere', async () => {
      const project = await createProject(employer);
      for (const stranger of [otherEmployer, student]) {
        expect((await stranger.client.mutate('DELETE', `/api/projects/${project.id}`)).status).toBe(404);
      }
      expect((await student.client.get(`/api/projects/${project.id}`)).status).toBe(200);

      const deleted = await employer.client.mutate('DELETE', `/api/projects/${project.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      const archived = await waitForEvent(project.id, ProjectArchivedV1.type);
      expect(archived.payload).toEqual({
        projectId: project.id,
        employerId: employer.user.id,
        archivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });

      expect((await employer.client.get(`/api/projects/${project.id}`)).status).toBe(404);
      expect((await employer.client.mutate('PATCH', `/api/projects/${project.id}`, { isActive: true })).status).toBe(
        404,
      );
      expect((await employer.client.mutate('DELETE', `/api/projects/${project.id}`)).status).toBe(404);
      expect((await employer.client.mutate('DELETE', '/api/projects/42')).status).toBe(404);
    });
  });

  describe('read models', () => {
    it('counts each application once, however often its events arrive, and not once withdrawn; each move is announced to the owner', async () => {
      const project = await createProject(employer);
      const pushes = await recordEvents(stack.bus, [NotificationRequestedV1]);
      const applicantCount = async () =>
        (await employer.client.get(`/api/projects/${project.id}`)).json<Project>().applicantCount;
      const match = (studentId: string) => ({
        matchId: randomUUID(),
        projectId: project.id,
        studentId,
        employerId: employer.user.id,
        status: 'pending' as const,
        matchScore: 80,
        createdAt: new Date().toISOString(),
      });
      const first = match(student.user.id);
      const second = match(randomUUID());

      const event = await publish(stack, MatchCreatedV1, first.matchId, first);
      await publish(stack, MatchCreatedV1, first.matchId, first, event.id); // redelivery of the same event
      await publish(stack, MatchCreatedV1, first.matchId, first); // the same match in another envelope
      await waitFor(async () => (await applicantCount()) === 1);
      await publish(stack, MatchCreatedV1, second.matchId, second);
      await waitFor(async () => (await applicantCount()) === 2);

      const changedAt = new Date(Date.now() + 1000).toISOString();
      const withdrawal = {
        matchId: second.matchId,
        projectId: project.id,
        studentId: second.studentId,
        employerId: employer.user.id,
        from: 'pending' as const,
        to: 'withdrawn' as const,
        changedAt,
      };
      await publish(stack, MatchStatusChangedV1, second.matchId, withdrawal);
      await waitFor(async () => (await applicantCount()) === 1);
      await publish(stack, MatchStatusChangedV1, second.matchId, withdrawal);
      await publish(stack, MatchCreatedV1, second.matchId, second); // late and older: changes nothing
      await publish(stack, MatchStatusChangedV1, first.matchId, {
        ...withdrawal,
        matchId: first.matchId,
        studentId: first.studentId,
        to: 'accepted',
      });
      // A marker event after them: once it counts, the ones before it have been handled.
      const third = match(randomUUID());
      await publish(stack, MatchCreatedV1, third.matchId, third);
      await waitFor(async () => (await applicantCount()) === 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await applicantCount()).toBe(2);
      const listed = (await walk(student.client, '/api/projects?limit=100')).items.find((p) => p.id === project.id);
      expect(listed?.applicantCount).toBe(2);
      // The count moved four times (+1, +1, -1, +1); the repeated, unchanged and late events said nothing.
      const announced = () =>
        pushes.events
          .filter(({ payload }) => payload.event === 'view:changed' && payload.data.projectId === project.id)
          .map(({ payload }) => [payload.userId, payload.data]);
      await waitFor(() => announced().length >= 4);
      expect(announced()).toEqual(Array(4).fill([employer.user.id, { view: 'dashboard', projectId: project.id }]));
      await pushes.stop();
    });

    it("shows the employer's current names and company from identity's events", async () => {
      const owner = await signUp(stack, 'employer', { firstName: 'Katherine', lastName: 'Johnson' });
      const project = await createProject(owner);
      expect(project.employer).toEqual({
        id: owner.user.id,
        firstName: 'Katherine',
        lastName: 'Johnson',
        company: null,
        medianResponseHours: null,
        responseRate: null,
        verification: 'none',
      });
      const profile = await owner.client.mutate('PATCH', '/api/users/me', {
        firstName: 'Kathy',
        company: 'NASA Langley',
      });
      expect(profile.status).toBe(200);
      const shown = await waitFor(async () => {
        const current = (await student.client.get(`/api/projects/${project.id}`)).json<Project>();
        return current.employer.company ? current : undefined;
      });
      expect(shown.employer).toEqual({
        id: owner.user.id,
        firstName: 'Kathy',
        lastName: 'Johnson',
        company: 'NASA Langley',
        medianResponseHours: null,
        responseRate: null,
        verification: 'none',
      });
    });
  });

  describe('dashboard', () => {
    it("adds the employer's active projects to GET /api/dashboard, and nothing for students", async () => {
      const owner = await signUp(stack, 'employer');
      await verifyEmployer(stack, owner);
      const made = [];
      for (let i = 0; i < 4; i += 1) made.push(await createProject(owner));
      await patchProject(owner, made[0]!.id, { isActive: false });
      await archiveProject(owner, made[1]!.id);
      const dashboard = (await owner.client.get('/api/dashboard')).json<{
        role: string;
        activeProjects: number;
        unavailable: string[];
      }>();
      expect(dashboard).toMatchObject({ role: 'employer', activeProjects: 2 });
      expect(dashboard.unavailable).not.toContain('projects');

      const studentDashboard = (await student.client.get('/api/dashboard')).json<{ unavailable: string[] }>();
      expect(studentDashboard.unavailable).not.toContain('projects');
      expect(studentDashboard).not.toHaveProperty('activeProjects');
    });
  });
});
