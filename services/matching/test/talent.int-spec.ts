import { randomUUID } from 'node:crypto';
import { expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import {
  BlockChangedV1,
  type Collection,
  FREE_PLAN_MONTHLY_APPLICATIONS,
  type Invitation,
  type Match,
  type Pipeline,
  type Project,
  type ProjectFits,
  type TalentCard,
  UserSkillsUpdatedV1,
} from '@projectory/contracts';
import {
  describeWithInfra,
  type Person,
  postProject,
  publishEvent,
  signUpPerson,
  takeAssessment,
  verifyEmployer,
  waitFor,
  withDatabase,
} from '@projectory/testing';

/**
 * API.md "Finding talent" through the gateway on the real identity, projects and matching: who can be
 * found (discoverable, unsuspended students only, at once when that changes), the filters, the fit
 * (the same as /api/matches/fit), shortlists, the invitation rules and the pipeline's figures counted
 * against the test's own data.
 */
await describeWithInfra(['postgres'], 'finding talent', () => {
  const stack = useApiStack(['identity', 'assessment', 'projects', 'matching']);
  const inMatching = 'SELECT 1 FROM matching.people WHERE id = $1 AND role IS NOT NULL';
  // One word only this file's students carry: every search narrows to them with it.
  const tag = `tt${randomUUID().slice(0, 8)}`;

  const signUp = (role: 'student' | 'employer', overrides: Record<string, unknown> = {}) =>
    signUpPerson(stack, role, { readyWhen: inMatching, overrides });

  /** A student with skills (name → verified), optionally discoverable, once the search knows it. */
  async function student(
    skills: Record<string, boolean>,
    { discoverable = true, profile = {} }: { discoverable?: boolean; profile?: Record<string, unknown> } = {},
  ): Promise<Person> {
    const person = await signUp('student', { lastName: tag });
    await publishEvent(stack.bus, UserSkillsUpdatedV1, person.user.id, {
      userId: person.user.id,
      skills: Object.entries(skills).map(([name, verified]) => ({
        skillId: randomUUID(),
        name,
        category: 'Engineering',
        proficiencyLevel: 'Advanced' as const,
        verified,
      })),
      updatedAt: new Date().toISOString(),
    });
    await waitFor(() => inTable('matching.student_skills', 'user_id', person.user.id));
    const changed = await person.client.mutate('PATCH', '/api/users/me', { discoverable, ...profile });
    expect([changed.status, changed.text]).toEqual([200, expect.any(String)]);
    if (discoverable) await waitFor(() => inTable('matching.talent', 'student_id', person.user.id));
    return person;
  }

  const inTable = (table: string, column: string, id: string) =>
    withDatabase(
      stack,
      async (db) => ((await db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [id])).rowCount ?? 0) > 0,
    );

  async function search(employer: Person, query: string, words = ''): Promise<TalentCard[]> {
    const response = await employer.client.get(
      `/api/talent?q=${encodeURIComponent(`${tag} ${words}`)}&limit=100&${query}`,
    );
    expect([response.status, response.text]).toEqual([200, expect.any(String)]);
    expect(response.text).not.toContain('@example.com');
    return response.json<Collection<TalentCard>>().items;
  }
  const ids = (cards: TalentCard[]) => cards.map((card) => card.id);

  async function verifiedEmployer(): Promise<Person> {
    const employer = await signUp('employer');
    await verifyEmployer(stack, employer);
    return employer;
  }

  async function activeProject(employer: Person, title = `Talent pilot ${tag}`): Promise<Project> {
    const project = await postProject(employer, { title, requiredSkills: ['TypeScript', 'SQL'] });
    await waitFor(() => inTable('matching.projects', 'id', project.id));
    return project;
  }

  it('finds discoverable students only, combines the filters, and drops a student at once when they opt out', async () => {
    const employer = await signUp('employer');
    const both = await student(
      { TypeScript: true, SQL: false },
      { profile: { graduationYear: 2027, school: `Uni ${tag}` } },
    );
    const verifiedSql = await student({ SQL: true }, { profile: { graduationYear: 2028 } });
    const hidden = await student({ TypeScript: true, SQL: true }, { discoverable: false });

    expect(ids(await search(employer, ''))).toEqual([both.user.id, verifiedSql.user.id].sort());
    expect(ids(await search(employer, 'skills=TypeScript,SQL'))).toEqual([both.user.id]);
    expect(ids(await search(employer, 'skills=SQL&verifiedOnly=true'))).toEqual([verifiedSql.user.id]);
    expect(ids(await search(employer, 'skills=SQL&graduationYear=2027'))).toEqual([both.user.id]);
    expect(ids(await search(employer, 'skills=typescript', 'uni'))).toEqual([both.user.id]);
    expect(ids(await search(employer, 'graduationYear=2030'))).toEqual([]);
    expect(ids(await search(employer, ''))).not.toContain(hidden.user.id);
    const [card] = await search(employer, 'skills=TypeScript,SQL');
    expect(card).toMatchObject({
      verifiedSkills: ['TypeScript'],
      skills: ['TypeScript', 'SQL'],
      fit: null,
      credentialsCount: 0,
    });

    // Shortlisted, then the student opts out: gone from results and the shortlist at once.
    expect((await employer.client.mutate('PUT', `/api/talent/shortlist/${both.user.id}`)).status).toBe(204);
    expect((await employer.client.mutate('PUT', `/api/talent/shortlist/${hidden.user.id}`)).status).toBe(404);
    const shortlist = async () =>
      ids((await employer.client.get('/api/talent/shortlist')).json<Collection<TalentCard>>().items);
    expect(await shortlist()).toEqual([both.user.id]);
    await both.client.mutate('PATCH', '/api/users/me', { discoverable: false });
    await waitFor(async () => !(await inTable('matching.talent', 'student_id', both.user.id)));
    expect(ids(await search(employer, ''))).toEqual([verifiedSql.user.id]);
    expect(await shortlist()).toEqual([]);

    // Students cannot search; employers cannot be discoverable.
    expect((await verifiedSql.client.get('/api/talent')).status).toBe(403);
    const refused = await employer.client.mutate('PATCH', '/api/users/me', { discoverable: true });
    expect([refused.status, refused.json<{ issues: { path: string }[] }>().issues[0]?.path]).toEqual([
      400,
      'discoverable',
    ]);
  });

  it('ranks by fit against an own active project with the same figures as /api/matches/fit', async () => {
    const employer = await signUp('employer');
    await takeAssessment(employer);
    const project = await activeProject(employer);
    const strong = await student({ TypeScript: true, SQL: true });
    const weak = await student({ Go: false });
    await takeAssessment(strong);
    await waitFor(() => inTable('matching.culture_profiles', 'user_id', strong.user.id));

    // The file's other students are found too: the two of this test in their order.
    const mine = new Set([strong.user.id, weak.user.id]);
    const cards = (await search(employer, `projectId=${project.id}`)).filter((card) => mine.has(card.id));
    expect(ids(cards)).toEqual([strong.user.id, weak.user.id]);
    for (const [person, card] of [
      [strong, cards[0]!],
      [weak, cards[1]!],
    ] as const) {
      const fits = (await person.client.get(`/api/matches/fit?projectIds=${project.id}`)).json<ProjectFits>();
      const { projectId: _projectId, ...fit } = fits.items[0]!;
      expect(card.fit).toEqual(fit);
    }
    // With a skills filter only its few holders are scored (another path): the same figures.
    const [held] = await search(employer, `projectId=${project.id}&skills=TypeScript`);
    expect(held).toEqual(cards[0]);
    // Pages continue in fit order.
    const all = await search(employer, `projectId=${project.id}`);
    const first = (await employer.client.get(`/api/talent?q=${tag}&projectId=${project.id}&limit=1`)).json<
      Collection<TalentCard>
    >();
    const second = (
      await employer.client.get(`/api/talent?q=${tag}&projectId=${project.id}&limit=1&cursor=${first.nextCursor}`)
    ).json<Collection<TalentCard>>();
    expect([...ids(first.items), ...ids(second.items)]).toEqual(ids(all).slice(0, 2));
    // Someone else's project is not a ranking the employer may ask for.
    const other = await activeProject(await signUp('employer'), `Other ${tag}`);
    expect((await employer.client.get(`/api/talent?projectId=${other.id}`)).status).toBe(404);
  });

  it('lets a verified employer invite once; the acceptance is an application outside the monthly limit', async () => {
    const unverified = await signUp('employer');
    const employer = await verifiedEmployer();
    const project = await activeProject(employer);
    const invitee = await student({ TypeScript: true });

    const notYet = await unverified.client.post('/api/invitations', {
      studentId: invitee.user.id,
      projectId: (await activeProject(unverified, `Unverified ${tag}`)).id,
    });
    expect([notYet.status, notYet.json<{ code: string }>().code]).toEqual([403, 'VERIFICATION_REQUIRED']);

    const sent = await employer.client.post('/api/invitations', {
      studentId: invitee.user.id,
      projectId: project.id,
      message: 'Join us',
    });
    expect([sent.status, sent.text]).toEqual([201, expect.any(String)]);
    const invitation = sent.json<Invitation>();
    expect(invitation).toMatchObject({ status: 'pending', message: 'Join us', project: { id: project.id } });
    expect(sent.text).not.toContain('@example.com');
    const again = await employer.client.post('/api/invitations', { studentId: invitee.user.id, projectId: project.id });
    expect([again.status, again.json<{ code: string }>().code]).toEqual([409, 'ALREADY_INVITED']);
    const [card] = (await search(employer, '')).filter((item) => item.id === invitee.user.id);
    expect(card?.invitation).toEqual({ id: invitation.id, projectId: project.id, status: 'pending' });

    // The student spent the free plan's applications; the invitation's application still goes in.
    for (let index = 0; index < FREE_PLAN_MONTHLY_APPLICATIONS; index += 1) {
      const other = await activeProject(await verifiedEmployer(), `Spent ${index} ${tag}`);
      expect((await invitee.client.post('/api/matches', { projectId: other.id })).status).toBe(201);
    }
    const received = (await invitee.client.get('/api/invitations/me?status=pending')).json<Collection<Invitation>>();
    expect(received.items.map((item) => item.id)).toEqual([invitation.id]);
    expect(
      (await employer.client.mutate('PATCH', `/api/invitations/${invitation.id}`, { status: 'accepted' })).status,
    ).toBe(403);
    const accepted = await invitee.client.mutate('PATCH', `/api/invitations/${invitation.id}`, { status: 'accepted' });
    expect([accepted.status, accepted.text]).toEqual([200, expect.any(String)]);
    const { matchId } = accepted.json<Invitation>();
    const match = (await invitee.client.get(`/api/matches/${matchId}`)).json<Match>();
    expect(match).toMatchObject({ status: 'pending', invitationId: invitation.id, projectId: project.id });
    const closed = await invitee.client.mutate('PATCH', `/api/invitations/${invitation.id}`, { status: 'declined' });
    expect([closed.status, closed.json<{ code: string }>().code]).toEqual([409, 'INVITATION_CLOSED']);
    const applied = await employer.client.post('/api/invitations', {
      studentId: invitee.user.id,
      projectId: project.id,
    });
    expect([applied.status, applied.json<{ code: string }>().code]).toEqual([409, 'ALREADY_APPLIED']);
  });

  it('expires pending invitations when the project stops, refuses a blocked pair, and counts 50 a day', async () => {
    const employer = await verifiedEmployer();
    const project = await activeProject(employer);
    const [first, second] = [await student({ SQL: true }), await student({ SQL: true })];
    const invitation = (
      await employer.client.post('/api/invitations', { studentId: first.user.id, projectId: project.id })
    ).json<Invitation>();
    expect((await employer.client.mutate('PATCH', `/api/projects/${project.id}`, { isActive: false })).status).toBe(
      200,
    );
    await waitFor(async () => {
      const mine = (await first.client.get('/api/invitations/me')).json<Collection<Invitation>>().items;
      return mine.find((item) => item.id === invitation.id)?.status === 'expired';
    });
    const late = await first.client.mutate('PATCH', `/api/invitations/${invitation.id}`, { status: 'accepted' });
    expect([late.status, late.json<{ code: string }>().code]).toEqual([409, 'INVITATION_CLOSED']);

    const open = await activeProject(employer, `Open ${tag}`);
    const pair = [employer.user.id, second.user.id].sort() as [string, string];
    await publishEvent(stack.bus, BlockChangedV1, pair.join(':'), {
      userIds: pair,
      blocked: true,
      changedAt: new Date().toISOString(),
    });
    await waitFor(() =>
      withDatabase(
        stack,
        async (db) => (await db.query('SELECT 1 FROM matching.blocked_pairs WHERE a = $1', [pair[0]])).rowCount,
      ),
    );
    const blocked = await employer.client.post('/api/invitations', { studentId: second.user.id, projectId: open.id });
    expect([blocked.status, blocked.json<{ code: string }>().code]).toEqual([403, 'BLOCKED']);
    expect(ids(await search(employer, ''))).not.toContain(second.user.id);

    // 49 sent today already (written as the service would), the 50th goes, the 51st is 429.
    await withDatabase(stack, (db) =>
      db.query(
        `INSERT INTO matching.invitations (employer_id, student_id, project_id, status)
         SELECT $1, gen_random_uuid(), $2, 'declined' FROM generate_series(1, 48)`,
        [employer.user.id, open.id],
      ),
    );
    expect(
      (await employer.client.post('/api/invitations', { studentId: first.user.id, projectId: open.id })).status,
    ).toBe(201);
    const third = await student({ SQL: true });
    const over = await employer.client.post('/api/invitations', { studentId: third.user.id, projectId: open.id });
    expect([over.status, over.json<{ code: string }>().code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('counts the pipeline from the employer’s own invitations and applications', async () => {
    const employer = await verifiedEmployer();
    const project = await activeProject(employer);
    const people = [await student({ SQL: true }), await student({ SQL: true }), await student({ SQL: true })];
    const invite = async (who: Person) =>
      (
        await employer.client.post('/api/invitations', { studentId: who.user.id, projectId: project.id })
      ).json<Invitation>();
    const [a, b, c] = [await invite(people[0]!), await invite(people[1]!), await invite(people[2]!)];
    const matchA = (
      await people[0]!.client.mutate('PATCH', `/api/invitations/${a.id}`, { status: 'accepted' })
    ).json<Invitation>().matchId!;
    await people[1]!.client.mutate('PATCH', `/api/invitations/${b.id}`, { status: 'declined' });
    expect((await employer.client.mutate('PATCH', `/api/matches/${matchA}`, { status: 'accepted' })).status).toBe(200);
    const walkIn = await signUp('student');
    const matchW = (await walkIn.client.post('/api/matches', { projectId: project.id })).json<Match>().id;
    expect((await employer.client.mutate('PATCH', `/api/matches/${matchW}`, { status: 'rejected' })).status).toBe(200);

    const response = await employer.client.get(`/api/employers/me/pipeline?projectId=${project.id}&weeks=4`);
    expect(response.status).toBe(200);
    const pipeline = response.json<Pipeline>();
    expect(pipeline.funnel).toEqual({ invited: 3, applied: 2, accepted: 1, completed: 0, rejected: 1, withdrawn: 0 });
    expect(pipeline.invitationAcceptanceRate).toBe(0.5); // c is still pending
    expect(pipeline.medianResponseHours).not.toBeNull();
    expect(pipeline.weekly).toHaveLength(4);
    expect(pipeline.weekly.at(-1)).toMatchObject({ applied: 2, accepted: 1, completed: 0 });
    expect(c.status).toBe('pending');
    expect((await people[0]!.client.get('/api/employers/me/pipeline')).status).toBe(403);
  });
});
