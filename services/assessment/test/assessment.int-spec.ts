import { beforeAll, expect, it } from '@jest/globals';
import {
  AssessmentCompletedV1,
  assessmentDefinition,
  type AssessmentResult,
  CULTURE_DIMENSION_LABELS,
  CULTURE_DIMENSIONS,
  type Dashboard,
  type EventEnvelope,
  type EventPayload,
  TOO_MANY_VALUES_MESSAGE,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, recordEvents, signUpPerson, waitFor } from '@projectory/testing';
import { scoreAssessment } from '../src/scoring/assessment-scorer.js';

type CompletedEvent = EventEnvelope<EventPayload<typeof AssessmentCompletedV1>>;

const answers = {
  q1: 'large_group',
  q2: 'balanced',
  q3: 'fast_paced',
  q4: 'coaching',
  q5: 'continuous',
  q6: ['integrity', 'growth', 'purpose'],
  q7: ['mission_driven', 'flexible'],
};

const otherAnswers = {
  q1: 'alone',
  q2: 'self_directed',
  q3: 'focused',
  q4: 'delegating',
  q5: 'as_needed',
  q6: ['autonomy'],
  q7: ['quiet_independent'],
};

await describeWithInfra(['postgres'], 'assessment through the gateway', () => {
  const stack = useApiStack(['assessment', 'identity'], {
    SIGNUPS_PER_IP_PER_HOUR: '1000',
  });
  let events: CompletedEvent[] = [];

  beforeAll(async () => {
    events = (await recordEvents(stack.bus, [AssessmentCompletedV1])).events;
  });

  const signedUp = (role: 'student' | 'employer' = 'student') => signUpPerson(stack, role);

  const eventsOf = (userId: string) => events.filter((event) => event.payload.userId === userId);

  it('serves the definition: version 1.0, 4 sections, 7 questions, q6 capped at 3', async () => {
    const response = await stack.client().get('/api/assessments/definition');
    expect(response.status).toBe(200);
    const definition = response.json();
    expect(definition).toEqual(assessmentDefinition);
    expect(definition.version).toBe('1.0');
    expect(definition.sections.map((section: { title: string }) => section.title)).toEqual([
      'Work Style & Preferences',
      'Leadership Fit',
      'Core Values',
      'Ideal Work Environment',
    ]);
    const questions = definition.sections.flatMap((section: { questions: { id: string }[] }) => section.questions);
    expect(questions.map((question: { id: string }) => question.id)).toEqual([
      'q1',
      'q2',
      'q3',
      'q4',
      'q5',
      'q6',
      'q7',
    ]);
    expect(questions[5]).toMatchObject({ type: 'multi', maxSelections: 3 });
    expect(questions[0].options[2]).toEqual({ value: 'large_group', label: 'In large, collaborative groups' });
  });

  it('scores a submission (201), keeps it as the current result and announces it', async () => {
    const { client, user } = await signedUp();
    const response = await client.post('/api/assessments', { responses: answers });
    expect(response.status).toBe(201);
    const result = response.json<AssessmentResult>();
    const expected = scoreAssessment(answers);
    expect(result).toEqual({
      id: expect.any(String),
      userId: user.id,
      version: '1.0',
      responses: answers,
      workingStyle: expected.workingStyle,
      valuesAlignment: ['Integrity', 'Growth', 'Purpose'],
      completedAt: expect.any(String),
    });
    expect(Object.keys(result.workingStyle)).toEqual(CULTURE_DIMENSIONS.map((name) => CULTURE_DIMENSION_LABELS[name]));
    expect(result.workingStyle.Teamwork).toBeGreaterThan(50);
    expect((await client.get('/api/assessments/me')).json()).toEqual(result);

    const [event] = await waitFor(() => eventsOf(user.id).length > 0 && eventsOf(user.id));
    expect(event).toMatchObject({ type: AssessmentCompletedV1.type, version: 1, key: user.id, source: 'assessment' });
    expect(event!.payload).toEqual({
      userId: user.id,
      role: 'student',
      resultId: result.id,
      values: ['integrity', 'growth', 'purpose'],
      vector: expected.vector,
      completedAt: result.completedAt,
    });
  });

  it('answers 404 ASSESSMENT_NOT_FOUND before the first submission', async () => {
    const { client } = await signedUp();
    const response = await client.get('/api/assessments/me');
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ASSESSMENT_NOT_FOUND' });
  });

  const badSubmissions: [string, unknown, { path: string; message?: string }[]][] = [
    [
      'an unanswered question',
      { ...answers, q3: undefined, q7: [] },
      [{ path: 'responses.q3' }, { path: 'responses.q7' }],
    ],
    [
      'an unknown value',
      { ...answers, q2: 'whatever', q7: ['flexible', 'beach'] },
      [{ path: 'responses.q2' }, { path: 'responses.q7' }],
    ],
    [
      'four core values',
      { ...answers, q6: ['integrity', 'growth', 'purpose', 'respect'] },
      [{ path: 'responses.q6', message: TOO_MANY_VALUES_MESSAGE }],
    ],
    ['a duplicate value', { ...answers, q6: ['growth', 'growth'] }, [{ path: 'responses.q6' }]],
    ['an unknown question', { ...answers, q8: 'alone' }, [{ path: 'responses.q8' }]],
  ];

  it.each(badSubmissions)(
    'refuses %s with a 400 naming each question, and stores nothing',
    async (_, responses, issues) => {
      const { client, user } = await signedUp();
      const response = await client.post('/api/assessments', { responses });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues });
      expect(response.json().issues).toHaveLength(issues.length);
      expect((await client.get('/api/assessments/me')).status).toBe(404);
      // Events of one user arrive in order: once the good submission's is here, a bad one's would be too.
      const good = (await client.post('/api/assessments', { responses: answers })).json<AssessmentResult>();
      const announced = await waitFor(() => eventsOf(user.id).length > 0 && eventsOf(user.id));
      expect(announced.map((event) => event.payload.resultId)).toEqual([good.id]);
    },
  );

  it('keeps the previous result when a retake is refused', async () => {
    const { client } = await signedUp();
    const first = (await client.post('/api/assessments', { responses: answers })).json<AssessmentResult>();
    const refused = await client.post('/api/assessments', { responses: { ...otherAnswers, q6: ['a', 'b', 'c', 'd'] } });
    expect(refused.status).toBe(400);
    expect((await client.get('/api/assessments/me')).json()).toEqual(first);
  });

  it('replaces the current result on a retake and announces the new profile', async () => {
    const { client, user } = await signedUp();
    const first = (await client.post('/api/assessments', { responses: answers })).json<AssessmentResult>();
    const retake = await client.post('/api/assessments', { responses: otherAnswers });
    expect(retake.status).toBe(201);
    const second = retake.json<AssessmentResult>();
    expect(second.id).not.toBe(first.id);
    expect(second.completedAt > first.completedAt).toBe(true);
    expect(second.workingStyle).toEqual(scoreAssessment(otherAnswers).workingStyle);
    expect(second.workingStyle.Teamwork).toBeLessThan(first.workingStyle.Teamwork!);
    expect(second.valuesAlignment).toEqual(['Autonomy']);
    expect((await client.get('/api/assessments/me')).json()).toEqual(second);

    const announced = await waitFor(() => eventsOf(user.id).length === 2 && eventsOf(user.id));
    expect(announced.map((event) => event.payload.resultId)).toEqual([first.id, second.id]);
    expect(announced[1]!.payload.values).toEqual(['autonomy']);
  });

  it('serialises concurrent submissions of one user: both succeed, the later one is current', async () => {
    const { client } = await signedUp();
    const responses = await Promise.all([
      client.post('/api/assessments', { responses: answers }),
      client.post('/api/assessments', { responses: otherAnswers }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([201, 201]);
    const [later] = responses
      .map((response) => response.json<AssessmentResult>())
      .sort((a, b) => b.completedAt.localeCompare(a.completedAt));
    expect((await client.get('/api/assessments/me')).json()).toEqual(later);
  });

  it('lets an employer take it; the event carries their role', async () => {
    const { client, user } = await signedUp('employer');
    const response = await client.post('/api/assessments', { responses: answers });
    expect(response.status).toBe(201);
    expect(response.json()).toMatchObject({ userId: user.id });
    const [event] = await waitFor(() => eventsOf(user.id).length > 0 && eventsOf(user.id));
    expect(event!.payload.role).toBe('employer');
  });

  it('keeps one user’s result from another', async () => {
    const { client } = await signedUp();
    await client.post('/api/assessments', { responses: answers });
    const { client: other } = await signedUp();
    expect((await other.get('/api/assessments/me')).status).toBe(404);
  });

  it('answers 401 to signed-out submissions and reads', async () => {
    const client = stack.client();
    const submit = await client.post('/api/assessments', { responses: answers });
    expect(submit.status).toBe(401);
    expect((await client.get('/api/assessments/me')).status).toBe(401);
  });

  it('adds the assessment check to the dashboard: not done, then done', async () => {
    const { client } = await signedUp();
    const check = async () =>
      (await client.get('/api/dashboard'))
        .json<Dashboard>()
        .profileChecks.find((profileCheck) => profileCheck.key === 'assessment');
    expect(await check()).toEqual({ key: 'assessment', label: 'Assessment Complete', done: false });
    await client.post('/api/assessments', { responses: answers });
    expect(await check()).toEqual({ key: 'assessment', label: 'Assessment Complete', done: true });
  });
});
