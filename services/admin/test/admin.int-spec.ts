import { randomUUID } from 'node:crypto';
import { expect, it } from '@jest/globals';
import {
  type AdminAuditEntry,
  type AdminMatch,
  type AdminProject,
  type AdminProjectUpdate,
  type AdminSkills,
  type AdminStats,
  type AdminUser,
  type AdminUserUpdate,
  AssessmentCompletedV1,
  type Collection,
  CredentialRevokedV1,
  CULTURE_DIMENSIONS,
  FREE_PLAN_MONTHLY_APPLICATIONS,
  NotificationRequestedV1,
  type Project,
  type UpgradeRequest,
  UserAdminChangedV1,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import {
  type ApiClient,
  describeWithInfra,
  type Person,
  postProject,
  publishEvent,
  recordEvents,
  signUpPerson,
  TEST_PASSWORD,
  verifyEmployer,
  waitFor,
  withDatabase,
} from '@projectory/testing';
import { io } from 'socket.io-client';

/**
 * API.md "Dashboards, plans and admin" through the gateway: the admin service's read model (fed by the
 * real identity, projects and matching, and by published assessment and skill events), the 401/403
 * matrix of every admin route, and the actions applied by their owners and audited here from the
 * owners' events (a moment after the answer: the tests wait for what the read model shows).
 */
await describeWithInfra(['postgres'], 'admin console', () => {
  let counter = 0;
  const adminEmail = (name: string) => `${name}.admin.${Date.now().toString(36)}@example.com`;
  const admins = {
    chief: adminEmail('chief'),
    deputy: adminEmail('deputy'),
    left: adminEmail('left'),
    right: adminEmail('right'),
  };
  const stack = useApiStack(['identity', 'projects', 'matching', 'admin'], {
    ADMIN_EMAILS: Object.values(admins).join(','),
    ...(process.env.ADMIN_TEST_LOG ? { LOG_LEVEL: 'warn' } : {}),
  });

  const inAdmin = 'SELECT 1 FROM admin.users WHERE id = $1';
  const signUp = (role: 'student' | 'employer', overrides: Record<string, unknown> = {}): Promise<Person> =>
    signUpPerson(stack, role, { readyWhen: inAdmin, overrides });
  const signUpAdmin = async (email: string): Promise<Person> => {
    const person = await signUp('student', { email, firstName: 'Ada', lastName: `Admin${(counter += 1)}` });
    expect(person.user.role).toBe('admin');
    return person;
  };

  let chief: Person;
  const adminClient = async (): Promise<ApiClient> => (chief ??= await signUpAdmin(admins.chief)).client;

  async function createProject(employer: Person, title = 'Field study app'): Promise<Project> {
    const project = await postProject(employer, { title });
    await waitFor(() =>
      withDatabase(stack, async (db) => {
        const admin = await db.query('SELECT 1 FROM admin.projects WHERE id = $1', [project.id]);
        const matching = await db.query('SELECT 1 FROM matching.projects WHERE id = $1', [project.id]);
        return admin.rowCount && matching.rowCount;
      }),
    );
    return project;
  }

  async function list<T>(client: ApiClient, path: string): Promise<Collection<T>> {
    const response = await client.get(path);
    expect(response.status).toBe(200);
    return response.json<Collection<T>>();
  }

  /** The first item of a list that passes `found`, once the admin service's read model shows one. */
  const eventually = <T>(client: ApiClient, path: string, found: (item: T) => boolean): Promise<T> =>
    waitFor(async () => (await list<T>(client, path)).items.find(found));

  const auditCount = (changeId: string) =>
    withDatabase(stack, async (db) => {
      const { rows } = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM admin.audit_log WHERE id = $1',
        [changeId],
      );
      return rows[0]!.count;
    });

  const patchUser = async (client: ApiClient, id: string, body: unknown) =>
    client.mutate('PATCH', `/api/admin/users/${id}`, body);

  it('answers every admin route 401 signed out, 403 to students and employers, 200 to admins', async () => {
    const admin = await adminClient();
    const [student, employer] = [await signUp('student'), await signUp('employer')];
    const project = await createProject(employer);
    const target = await signUp('student');
    const routes: { method: 'GET' | 'PATCH'; path: string; body?: unknown }[] = [
      { method: 'GET', path: '/api/admin/stats' },
      { method: 'GET', path: '/api/admin/users' },
      { method: 'GET', path: '/api/admin/users?q=ada&role=student&status=active' },
      { method: 'GET', path: '/api/admin/assessments' },
      { method: 'GET', path: '/api/admin/skills' },
      { method: 'GET', path: '/api/admin/matches' },
      { method: 'GET', path: '/api/admin/projects' },
      { method: 'GET', path: '/api/admin/audit' },
      { method: 'GET', path: '/api/admin/upgrade-requests' },
      { method: 'GET', path: '/api/admin/export-report' },
      { method: 'GET', path: '/api/admin/exports/users.csv' },
      { method: 'GET', path: '/api/admin/exports/projects.csv' },
      { method: 'GET', path: '/api/admin/exports/matches.csv' },
      { method: 'PATCH', path: `/api/admin/users/${target.user.id}`, body: { plan: 'professional' } },
      { method: 'PATCH', path: `/api/admin/projects/${project.id}`, body: { isActive: true, reason: 'Reviewed' } },
    ];
    const callers: [string, ApiClient, number][] = [
      ['signed out', stack.client(), 401],
      ['student', student.client, 403],
      ['employer', employer.client, 403],
      ['admin', admin, 200],
    ];
    const seen: string[] = [];
    const expected: string[] = [];
    for (const { method, path, body } of routes) {
      for (const [who, client, status] of callers) {
        const response = method === 'GET' ? await client.get(path) : await client.mutate(method, path, body);
        seen.push(`${who} ${method} ${path} → ${response.status}`);
        expected.push(`${who} ${method} ${path} → ${status}`);
      }
    }
    expect(seen).toEqual(expected);

    // The one route of students and employers: admins (and visitors) are refused.
    const body = { plan: 'professional' };
    expect((await stack.client().mutate('POST', '/api/plans/upgrade-requests', body)).status).toBe(401);
    expect((await admin.mutate('POST', '/api/plans/upgrade-requests', body)).status).toBe(403);
  });

  it('lists users searchable by name and e-mail, by role and status, in keyset pages', async () => {
    const admin = await adminClient();
    const tag = `Zed${Date.now().toString(36)}`;
    const people = [
      await signUp('student', { lastName: tag }),
      await signUp('employer', { lastName: tag }),
      await signUp('student', { lastName: tag }),
    ];
    const found = await list<AdminUser>(admin, `/api/admin/users?q=${tag.toLowerCase()}&limit=2`);
    expect(found.items.map((user) => user.id)).toEqual([people[2]!.user.id, people[1]!.user.id]);
    expect(found.items[0]).toEqual({
      id: people[2]!.user.id,
      firstName: 'Ada',
      lastName: tag,
      email: people[2]!.user.email,
      role: 'student',
      plan: 'free',
      suspended: false,
      hasAssessment: false,
      createdAt: people[2]!.user.createdAt,
    });
    const rest = await list<AdminUser>(admin, `/api/admin/users?q=${tag}&limit=2&cursor=${found.nextCursor}`);
    expect(rest.items.map((user) => user.id)).toEqual([people[0]!.user.id]);
    expect(rest.nextCursor).toBeNull();

    const byEmail = await list<AdminUser>(admin, `/api/admin/users?q=${encodeURIComponent(people[1]!.user.email)}`);
    expect(byEmail.items.map((user) => user.id)).toEqual([people[1]!.user.id]);
    const employers = await list<AdminUser>(admin, `/api/admin/users?q=${tag}&role=employer`);
    expect(employers.items.map((user) => user.id)).toEqual([people[1]!.user.id]);
    expect((await list<AdminUser>(admin, `/api/admin/users?q=${tag}&status=suspended`)).items).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect((await list<AdminUser>(admin, `/api/admin/users?q=${encodeURIComponent('%_')}`)).items).toEqual([]);

    for (const [path, field] of [
      ['/api/admin/users?role=boss', 'role'],
      ['/api/admin/users?status=gone', 'status'],
      ['/api/admin/users?limit=0', 'limit'],
    ] as const) {
      const response = await admin.get(path);
      expect(response.status).toBe(400);
      expect(response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toContain(field);
    }
    const badCursor = await admin.get('/api/admin/users?cursor=nonsense');
    expect(badCursor.status).toBe(400);
    expect(badCursor.json<{ code: string }>().code).toBe('INVALID_CURSOR');
  });

  it('shows assessments, skills by category, projects, matches and their counts from the owners events', async () => {
    const admin = await adminClient();
    const before = (await admin.get('/api/admin/stats')).json<AdminStats>();
    const [student, employer] = [await signUp('student'), await signUp('employer')];
    const completedAt = new Date().toISOString();
    await publishEvent(stack.bus, AssessmentCompletedV1, student.user.id, {
      userId: student.user.id,
      role: 'student',
      resultId: randomUUID(),
      values: ['integrity', 'growth'],
      vector: CULTURE_DIMENSIONS.map((_, i) => (i === 0 ? 0.75 : 0.5)),
      completedAt,
    });
    const category = `Cat${Date.now().toString(36)}`;
    const skillId = randomUUID();
    await publishEvent(stack.bus, UserSkillsUpdatedV1, student.user.id, {
      userId: student.user.id,
      skills: [
        { skillId, name: 'TypeScript', category, proficiencyLevel: 'Advanced', verified: false },
        { skillId: randomUUID(), name: 'Go', category, proficiencyLevel: 'Beginner', verified: false },
      ],
      updatedAt: new Date().toISOString(),
    });
    const project = await createProject(employer, 'Moderated field study');
    const applied = await student.client.post('/api/matches', { projectId: project.id });
    expect(applied.status).toBe(201);
    const matchId = applied.json<{ id: string }>().id;
    await waitFor(() =>
      withDatabase(
        stack,
        async (db) => (await db.query('SELECT 1 FROM admin.matches WHERE id = $1', [matchId])).rowCount,
      ),
    );

    const assessments = await list<{ user: { id: string } }>(
      admin,
      `/api/admin/assessments?q=${student.user.lastName}`,
    );
    expect(assessments.items).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: student.user.id, email: student.user.email, role: 'student' }),
        workingStyle: expect.objectContaining({ Teamwork: 75, Autonomy: 50 }),
        valuesAlignment: ['Integrity', 'Growth'],
        completedAt,
      }),
    ]);
    const users = await list<AdminUser>(admin, `/api/admin/users?q=${student.user.lastName}`);
    expect(users.items[0]!.hasAssessment).toBe(true);

    const skills = (await admin.get(`/api/admin/skills?q=${category}&limit=1`)).json<AdminSkills>();
    expect(skills.items).toEqual([{ id: expect.any(String), name: 'Go', category, users: 1 }]);
    expect(skills.byCategory).toEqual({ [category]: [{ id: expect.any(String), name: 'Go', users: 1 }] });
    const next = (
      await admin.get(`/api/admin/skills?q=${category}&limit=1&cursor=${skills.nextCursor}`)
    ).json<AdminSkills>();
    expect(next.items).toEqual([{ id: skillId, name: 'TypeScript', category, users: 1 }]);
    expect(next.nextCursor).toBeNull();

    const projects = await list<AdminProject>(admin, `/api/admin/projects?q=moderated field`);
    expect(projects.items.find((item) => item.id === project.id)).toMatchObject({
      title: 'Moderated field study',
      isActive: true,
      archived: false,
      employer: { id: employer.user.id, email: employer.user.email },
    });
    const matches = await list<AdminMatch>(admin, `/api/admin/matches?q=${student.user.lastName}`);
    expect(matches.items).toEqual([
      expect.objectContaining({
        id: matchId,
        status: 'pending',
        compatibilityScore: expect.any(Number),
        student: expect.objectContaining({ id: student.user.id }),
        project: expect.objectContaining({ id: project.id, title: 'Moderated field study' }),
      }),
    ]);

    const after = (await admin.get('/api/admin/stats')).json<AdminStats>();
    expect(after.students - before.students).toBeGreaterThanOrEqual(1);
    expect(after.employers - before.employers).toBeGreaterThanOrEqual(1);
    expect(after.assessments - before.assessments).toBeGreaterThanOrEqual(1);
    expect(after.skillsCount - before.skillsCount).toBeGreaterThanOrEqual(2);
    expect(after.matches - before.matches).toBeGreaterThanOrEqual(1);
    expect(after.projects - before.projects).toBeGreaterThanOrEqual(1);
    expect(after.totalUsers).toBeGreaterThanOrEqual(after.students + after.employers);
  });

  it('grants a requested plan: the request closes, the user is notified, it is audited and the free limit goes', async () => {
    const admin = await adminClient();
    const [student, employer] = [await signUp('student'), await signUp('employer')];
    // It posts more active projects than an unverified employer may have (API.md "Trust and safety").
    await verifyEmployer(stack, employer);
    const notifications = await recordEvents(stack.bus, [NotificationRequestedV1]);

    const refused = await student.client.mutate('POST', '/api/plans/upgrade-requests', { plan: 'free' });
    expect(refused.status).toBe(400);
    expect(refused.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('plan');
    const requested = await student.client.mutate('POST', '/api/plans/upgrade-requests', {
      plan: 'professional',
      message: 'I apply a lot',
    });
    expect(requested.status).toBe(202);
    const request = requested.json<UpgradeRequest>();
    expect(request).toMatchObject({ plan: 'professional', message: 'I apply a lot', status: 'open' });
    const again = await student.client.mutate('POST', '/api/plans/upgrade-requests', { plan: 'enterprise' });
    expect(again.status).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('UPGRADE_REQUEST_OPEN');
    await notifications.waitFor(
      (event) => event.payload.userId === chief.user.id && event.payload.data['kind'] === 'plan.upgrade_requested',
    );
    const open = await list<UpgradeRequest>(admin, '/api/admin/upgrade-requests?status=open&limit=100');
    expect(open.items.find((item) => item.id === request.id)).toMatchObject({
      user: { id: student.user.id, email: student.user.email, plan: 'free' },
    });

    // The free plan's limit, reached.
    const projects: Project[] = [];
    for (let i = 0; i <= FREE_PLAN_MONTHLY_APPLICATIONS; i++)
      projects.push(await createProject(employer, `Limit ${i}`));
    for (const project of projects.slice(0, FREE_PLAN_MONTHLY_APPLICATIONS)) {
      expect((await student.client.post('/api/matches', { projectId: project.id })).status).toBe(201);
    }
    const last = projects.at(-1)!;
    expect((await student.client.post('/api/matches', { projectId: last.id })).status).toBe(403);

    const granted = await patchUser(admin, student.user.id, { plan: 'professional' });
    expect(granted.status).toBe(200);
    expect(granted.json<AdminUserUpdate>()).toMatchObject({
      id: student.user.id,
      plan: 'professional',
      suspended: false,
    });
    await notifications.waitFor(
      (event) =>
        event.payload.userId === student.user.id &&
        event.payload.data['kind'] === 'plan.changed' &&
        event.payload.data['link'] === '/plans',
    );
    // The admin service closes the request and audits the grant from identity's event.
    await eventually<UpgradeRequest>(
      admin,
      '/api/admin/upgrade-requests?limit=100',
      (item) => item.id === request.id && item.status === 'granted',
    );
    const audited = await eventually<AdminAuditEntry>(
      admin,
      '/api/admin/audit?limit=100',
      (entry) => entry.target.id === student.user.id,
    );
    expect(audited).toMatchObject({
      actor: { id: chief.user.id, email: admins.chief },
      action: 'user.updated',
      target: { type: 'user', id: student.user.id },
      before: { plan: 'free' },
      after: { plan: 'professional' },
    });
    // Matching learns the plan from UserUpdated: the limit goes within moments, without a new sign-in.
    await waitFor(async () => (await student.client.post('/api/matches', { projectId: last.id })).status === 201);
    await notifications.stop();
  });

  it("answers GET /api/plans/upgrade-requests/me with the caller's own open request, else null; 401 signed out", async () => {
    const admin = await adminClient();
    const [first, second] = [await signUp('student'), await signUp('employer')];
    const mine = async (client: ApiClient) => {
      const response = await client.get('/api/plans/upgrade-requests/me');
      expect(response.status).toBe(200);
      return response.json<UpgradeRequest | null>();
    };
    expect((await stack.client().get('/api/plans/upgrade-requests/me')).status).toBe(401);
    expect(await mine(first.client)).toBeNull();

    const posted = await first.client.mutate('POST', '/api/plans/upgrade-requests', { plan: 'professional' });
    expect(posted.status).toBe(202);
    const request = posted.json<UpgradeRequest>();
    expect(await mine(first.client)).toEqual(request);
    // Another user's (and an admin's) answer never holds it.
    expect(await mine(second.client)).toBeNull();
    expect(await mine(admin)).toBeNull();
    const theirs = await second.client.mutate('POST', '/api/plans/upgrade-requests', { plan: 'enterprise' });
    expect(await mine(second.client)).toMatchObject({ id: theirs.json<UpgradeRequest>().id, plan: 'enterprise' });
    expect((await mine(first.client))?.id).toBe(request.id);

    // Granted: no open request any more (once the admin service has identity's event).
    expect((await patchUser(admin, first.user.id, { plan: 'professional' })).status).toBe(200);
    await waitFor(async () => (await mine(first.client)) === null);
  });

  it('suspends at once: the next request is 401, open sockets drop, sign-in is 403 ACCOUNT_SUSPENDED', async () => {
    const admin = await adminClient();
    const employer = await signUp('employer');
    const otherBrowser = stack.client();
    expect(
      (await otherBrowser.post('/api/auth/login', { email: employer.user.email, password: TEST_PASSWORD })).status,
    ).toBe(200);
    const socket = io(stack.base, {
      path: '/api/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: employer.client.cookieHeader },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const noReason = await patchUser(admin, employer.user.id, { suspended: true });
    expect(noReason.status).toBe(400);
    expect(noReason.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('reason');
    const suspended = await patchUser(admin, employer.user.id, { suspended: true, reason: 'Spam projects' });
    expect(suspended.status).toBe(200);
    expect(suspended.json<AdminUserUpdate>()).toMatchObject({ id: employer.user.id, suspended: true });
    expect((await employer.client.get('/api/auth/user')).status).toBe(401);
    expect((await otherBrowser.get('/api/auth/user')).status).toBe(401);
    await expect(dropped).resolves.toBe('io server disconnect');
    socket.close();

    const login = await stack.client().post('/api/auth/login', { email: employer.user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.json<{ code: string }>().code).toBe('ACCOUNT_SUSPENDED');
    await eventually<AdminUser>(
      admin,
      `/api/admin/users?q=${employer.user.lastName}&status=suspended`,
      (user) => user.id === employer.user.id,
    );
    const audited = await eventually<AdminAuditEntry>(
      admin,
      '/api/admin/audit?limit=100',
      (entry) => entry.target.id === employer.user.id,
    );
    expect(audited).toMatchObject({
      target: { type: 'user', id: employer.user.id },
      before: { suspended: false },
      after: { suspended: true },
      reason: 'Spam projects',
    });

    expect((await patchUser(admin, employer.user.id, { suspended: false, reason: 'Appeal accepted' })).status).toBe(
      200,
    );
    const back = await stack.client().post('/api/auth/login', { email: employer.user.email, password: TEST_PASSWORD });
    expect(back.status).toBe(200);
  });

  it('refuses to suspend or demote oneself, and never leaves no admin when two demote each other', async () => {
    const admin = await adminClient();
    for (const body of [{ suspended: true, reason: 'Testing' }, { role: 'student' }]) {
      const response = await patchUser(admin, chief.user.id, body);
      expect(response.status).toBe(409);
      expect(response.json<{ code: string }>().code).toBe('CANNOT_CHANGE_SELF');
    }
    // The chief may still change their own plan.
    expect((await patchUser(admin, chief.user.id, { plan: 'enterprise' })).status).toBe(200);

    const [left, right] = [await signUpAdmin(admins.left), await signUpAdmin(admins.right)];
    const recorder = await recordEvents(stack.bus, [UserAdminChangedV1]);
    const answers = await Promise.all([
      patchUser(left.client, right.user.id, { role: 'student' }),
      patchUser(right.client, left.user.id, { role: 'student' }),
    ]);
    // Whoever went first ended the other's sessions: the second is signed out (401) or, if its session
    // was resolved before, refused by identity; never may both demotions pass.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    await recorder.stop();

    const unknown = await patchUser(admin, randomUUID(), { plan: 'professional' });
    expect(unknown.status).toBe(404);
    expect((await patchUser(admin, 'not-an-id', { plan: 'professional' })).status).toBe(404);
    const empty = await patchUser(admin, left.user.id, {});
    expect(empty.status).toBe(400);
    const gold = await patchUser(admin, left.user.id, { plan: 'gold' });
    expect(gold.status).toBe(400);
    expect(gold.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('plan');
  });

  it("audits an action once, from its owner's event after the answer, and tells the admins' consoles", async () => {
    const admin = await adminClient();
    const target = await signUp('employer');
    const changes = await recordEvents(stack.bus, [UserAdminChangedV1]);
    const pushes = await recordEvents(stack.bus, [NotificationRequestedV1]);

    const answer = await patchUser(admin, target.user.id, { plan: 'enterprise' });
    expect(answer.status).toBe(200);
    // The row as identity has it now: the console shows it at once, whatever the read model says yet.
    expect(answer.json<AdminUserUpdate>()).toEqual({
      id: target.user.id,
      firstName: target.user.firstName,
      lastName: target.user.lastName,
      email: target.user.email,
      role: 'employer',
      plan: 'enterprise',
      suspended: false,
      createdAt: target.user.createdAt,
    });
    const published = await changes.waitFor((event) => event.payload.target.id === target.user.id);
    const { changeId } = published.payload;
    // The audit row comes from that event (no other path writes it), with the actor's e-mail.
    const entry = await eventually<AdminAuditEntry>(
      admin,
      '/api/admin/audit?limit=100',
      (item) => item.id === changeId,
    );
    expect(entry).toEqual({
      id: changeId,
      actor: { id: chief.user.id, email: admins.chief },
      action: 'user.updated',
      target: { type: 'user', id: target.user.id },
      before: { plan: 'free' },
      after: { plan: 'enterprise' },
      reason: null,
      at: published.payload.at,
    });
    await pushes.waitFor(
      (event) =>
        event.payload.event === 'view:changed' &&
        event.payload.data['view'] === 'admin' &&
        [event.payload.userId, ...(event.payload.alsoUserIds ?? [])].includes(chief.user.id),
    );
    const listed = await eventually<AdminUser>(
      admin,
      `/api/admin/users?q=${target.user.lastName}`,
      (user) => user.id === target.user.id,
    );
    expect(listed).toMatchObject({ plan: 'enterprise', hasAssessment: false });

    // The same event delivered again (the inbox drops it), and the same change in a new event (the row
    // is kept once per change id); then a later change of the same key, which is applied after them.
    await publishEvent(stack.bus, UserAdminChangedV1, target.user.id, published.payload, {
      id: published.id,
      source: published.source,
    });
    await publishEvent(stack.bus, UserAdminChangedV1, target.user.id, published.payload, { source: published.source });
    const later = { ...published.payload, changeId: randomUUID(), at: new Date().toISOString() };
    await publishEvent(stack.bus, UserAdminChangedV1, target.user.id, later, { source: published.source });
    await waitFor(async () => (await auditCount(later.changeId)) === 1);
    expect(await auditCount(changeId)).toBe(1);
    await changes.stop();
    await pushes.stop();
  });

  it('moderates a project: hidden from others, the employer is told why, audited', async () => {
    const admin = await adminClient();
    const [employer, student] = [await signUp('employer'), await signUp('student')];
    const project = await createProject(employer, 'Questionable offer');
    const notifications = await recordEvents(stack.bus, [NotificationRequestedV1]);

    const noReason = await admin.mutate('PATCH', `/api/admin/projects/${project.id}`, { isActive: false });
    expect(noReason.status).toBe(400);
    const moderated = await admin.mutate('PATCH', `/api/admin/projects/${project.id}`, {
      isActive: false,
      reason: 'Asks for unpaid production work',
    });
    expect(moderated.status).toBe(200);
    expect(moderated.json<AdminProjectUpdate>()).toEqual({
      id: project.id,
      title: 'Questionable offer',
      exchangeType: 'mentorship',
      isActive: false,
      archived: false,
      createdAt: project.createdAt,
    });
    expect((await student.client.get(`/api/projects/${project.id}`)).status).toBe(404);
    const told = await notifications.waitFor(
      (event) => event.payload.userId === employer.user.id && event.payload.data['kind'] === 'project.moderated',
    );
    expect(told.payload.data['body']).toContain('Asks for unpaid production work');
    // The employer cannot undo a moderation; an admin can.
    const undo = await employer.client.mutate('PATCH', `/api/projects/${project.id}`, { isActive: true });
    expect(undo.status).toBe(409);
    expect(undo.json<{ code: string }>().code).toBe('PROJECT_MODERATED');
    const audited = await eventually<AdminAuditEntry>(
      admin,
      '/api/admin/audit?limit=100',
      (entry) => entry.target.id === project.id,
    );
    expect(audited).toMatchObject({
      action: 'project.moderated',
      target: { type: 'project', id: project.id },
      before: { isActive: true },
      after: { isActive: false },
      reason: 'Asks for unpaid production work',
    });
    const restored = await admin.mutate('PATCH', `/api/admin/projects/${project.id}`, {
      isActive: true,
      reason: 'Offer rewritten',
    });
    expect(restored.json<AdminProjectUpdate>()).toMatchObject({ isActive: true });
    const edited = await employer.client.mutate('PATCH', `/api/projects/${project.id}`, { isActive: false });
    expect(edited.status).toBe(200);
    expect((await employer.client.mutate('PATCH', `/api/projects/${project.id}`, { isActive: true })).status).toBe(200);
    expect(
      (await admin.mutate('PATCH', `/api/admin/projects/${randomUUID()}`, { isActive: true, reason: 'x' })).status,
    ).toBe(404);
    await notifications.stop();
  });

  it("audits a credential's revocation by the project's employer from credentials' event alone, once", async () => {
    const admin = await adminClient();
    const [employer, student] = [await signUp('employer'), await signUp('student')];
    // What credentials publishes after `POST /api/credentials/:id/revoke` (the service is not started).
    const revoked = {
      credentialId: randomUUID(),
      matchId: randomUUID(),
      studentId: student.user.id,
      employerId: employer.user.id,
      revokedBy: employer.user.id,
      reason: 'Issued for the wrong milestone plan',
      revokedAt: new Date().toISOString(),
    };
    await publishEvent(stack.bus, CredentialRevokedV1, revoked.credentialId, revoked);
    const entry = await eventually<AdminAuditEntry>(
      admin,
      '/api/admin/audit?limit=100',
      (item) => item.id === revoked.credentialId,
    );
    // The actor is the employer, resolved from the people identity announced (not only admins).
    expect(entry).toEqual({
      id: revoked.credentialId,
      actor: { id: employer.user.id, email: employer.user.email },
      action: 'credential.revoked',
      target: { type: 'credential', id: revoked.credentialId },
      before: { status: 'active' },
      after: { status: 'revoked' },
      reason: 'Issued for the wrong milestone plan',
      at: revoked.revokedAt,
    });
    // The same revocation in a new event (a credential is revoked once): still one row. A later event of
    // the same key, applied after it, says when it has been handled.
    await publishEvent(stack.bus, CredentialRevokedV1, revoked.credentialId, revoked);
    const marker = { ...revoked, credentialId: randomUUID(), revokedBy: chief.user.id };
    await publishEvent(stack.bus, CredentialRevokedV1, revoked.credentialId, marker);
    await waitFor(async () => (await auditCount(marker.credentialId)) === 1);
    expect(await auditCount(revoked.credentialId)).toBe(1);
  });

  it('exports CSV with a header, formula cells escaped and a dated attachment name, and the text report', async () => {
    const admin = await adminClient();
    const formula = await signUp('student', {
      firstName: '=HYPERLINK("http://evil")',
      lastName: `Csv${Date.now().toString(36)}`,
    });
    const response = await admin.get('/api/admin/exports/users.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const date = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="projectory-users-${date}.csv"`);
    const lines = response.text.trim().split('\n');
    expect(lines[0]).toBe('id,firstName,lastName,email,role,plan,suspended,hasAssessment,createdAt');
    const row = lines.find((line) => line.startsWith(formula.user.id));
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);

    expect((await admin.get('/api/admin/exports/audit.csv')).status).toBe(404);
    expect((await admin.get('/api/admin/exports/users')).status).toBe(404);

    const report = await admin.get('/api/admin/export-report');
    expect(report.status).toBe(200);
    const body = report.json<{ report: string; generatedAt: string }>();
    const stats = (await admin.get('/api/admin/stats')).json<AdminStats>();
    expect(body.report).toContain(`Total users: ${stats.totalUsers}`);
    expect(body.report).toContain(`Generated: ${body.generatedAt}`);
  });
});
