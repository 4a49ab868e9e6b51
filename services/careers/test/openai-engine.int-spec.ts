import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CareerProgress } from '@projectory/contracts';
import { createServiceContext } from '@projectory/platform';
import { careersService, createCareerAdvisor } from '../src/careers.module.js';
import { findCareer } from '../src/catalog/catalog.js';
import type { StudentProfile } from '../src/domain/student-profile.js';
import { OfflineCareerAdvisor } from '../src/engines/offline-career-advisor.js';
import { OpenAiCareerAdvisor } from '../src/engines/openai-career-advisor.js';

/**
 * The OpenAI engine against a local fake of the OpenAI chat completions endpoint (no network): what it
 * sends (structured outputs, the student's data, catalog candidates), a good answer, and every way an
 * answer can fail, each of which must end in the offline engine's result.
 */
type Reply = (body: ChatRequest) => { status?: number; content?: string; refusal?: string } | 'hang';
interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } };
}

let server: Server;
let baseURL: string;
let reply: Reply;
const requests: ChatRequest[] = [];
const hanging = new Set<ServerResponse>();

function completion(content: string | null, refusal: string | null = null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
    response.writeHead(404).end();
    return;
  }
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
  requests.push(body);
  const answer = reply(body);
  if (answer === 'hang') {
    hanging.add(response);
    return;
  }
  response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify(
      answer.status && answer.status >= 400
        ? { error: { message: 'fake failure', type: 'server_error' } }
        : completion(answer.content ?? null, answer.refusal ?? null),
    ),
  );
}

const candidatesOf = (body: ChatRequest) =>
  (JSON.parse(body.messages[1]!.content) as { candidates: { title: string }[] }).candidates.map((c) => c.title);

const student: StudentProfile = {
  skills: [
    { name: 'Figma', level: 'Advanced', verified: true },
    { name: 'UX Design', level: 'Intermediate', verified: false },
    { name: 'Prototyping', level: 'Intermediate', verified: false },
    { name: 'Usability Testing', level: 'Beginner', verified: false },
  ],
  culture: { vector: [0.8, 0.6, 0.4, 0.7, 0.9, 0.5, 0.6], values: ['creativity', 'inclusion'] },
  completedProjects: [{ title: 'Clinic booking redesign', skills: ['Figma', 'Usability Testing'] }],
};

const progress: CareerProgress[] = [];
const request = () => ({
  profile: student,
  limit: 5,
  progress: async (update: CareerProgress) => void progress.push(update),
});
const warnings: unknown[] = [];
const engine = (timeoutMs = 2_000) =>
  new OpenAiCareerAdvisor(
    { apiKey: 'test-key', baseURL, model: 'fake-model', timeoutMs, candidates: 30 },
    new OfflineCareerAdvisor(),
    { warn: (...args: unknown[]) => void warnings.push(args) } as never,
  );
const offline = async () => (await new OfflineCareerAdvisor().recommend(request())).items;

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
  progress.length = 0;
  warnings.length = 0;
});

describe('the OpenAI career engine', () => {
  it('sends structured outputs grounded in the student’s data and catalog candidates, and keeps only catalog picks', async () => {
    reply = (body) => {
      const [first, second, third] = candidatesOf(body);
      return {
        content: JSON.stringify({
          recommendations: [
            { title: second, matchPercentage: 91.4, reasoning: 'You design in Figma at an advanced level.' },
            { title: 'Astronaut', matchPercentage: 99, reasoning: 'Not in the catalog.' },
            { title: first!.toUpperCase(), matchPercentage: 140, reasoning: 'You prototype and test with users.' },
            { title: second, matchPercentage: 50, reasoning: 'A duplicate.' },
            { title: third, matchPercentage: -3, reasoning: 'Your clinic project used usability testing.' },
          ],
        }),
      };
    };
    const result = await engine().recommend(request());

    expect(requests).toHaveLength(1);
    const sent = requests[0]!;
    expect(sent.model).toBe('fake-model');
    expect(sent.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'career_recommendations', strict: true },
    });
    const facts = JSON.parse(sent.messages[1]!.content) as { student: Record<string, unknown>; candidates: unknown[] };
    expect(facts.student).toMatchObject({
      skills: expect.arrayContaining([{ name: 'Figma', level: 'Advanced', verified: true }]),
      assessment: { values: ['Creativity', 'Inclusion'], workingStyle: { Teamwork: 80, Feedback: 90 } },
      completedProjects: [{ title: 'Clinic booking redesign', skills: ['Figma', 'Usability Testing'] }],
    });
    expect(facts.candidates).toHaveLength(30);
    for (const title of candidatesOf(sent)) expect(findCareer(title)).toBeDefined();

    const [first, second, third] = candidatesOf(sent);
    expect(result.source).toBe('openai');
    expect(result.items.map((item) => [item.title, item.matchPercentage, item.reasoning])).toEqual([
      [second, 91, 'You design in Figma at an advanced level.'],
      [first, 100, 'You prototype and test with users.'],
      [third, 0, 'Your clinic project used usability testing.'],
    ]);
    // Everything but order, percentage and reasoning is the catalog's.
    const catalog = findCareer(second!)!;
    expect(result.items[0]).toMatchObject({
      description: catalog.description,
      salaryRange: catalog.salaryRange,
      growthPotential: catalog.growthPotential,
      requiredSkills: catalog.requiredSkills,
    });
    expect(progress.map((update) => update.percent)).toEqual([30, 90]);
  });

  it.each<[string, Reply]>([
    ['an answer that is not JSON', () => ({ content: 'Here are some careers: {' })],
    ['an answer that does not match the schema', () => ({ content: JSON.stringify({ careers: ['Chef'] }) })],
    [
      'an answer naming careers outside the candidates',
      () => ({
        content: JSON.stringify({
          recommendations: [{ title: 'Astronaut', matchPercentage: 90, reasoning: 'Invented.' }],
        }),
      }),
    ],
    ['a refusal', () => ({ refusal: 'I cannot help with that.' })],
    ['a server error', () => ({ status: 500 })],
  ])('falls back to the offline engine on %s', async (_name, answer) => {
    reply = answer;
    const result = await engine().recommend(request());
    expect(requests).toHaveLength(1);
    expect(result.source).toBe('catalog');
    expect(result.items).toEqual(await offline());
    expect(warnings).toHaveLength(1);
  });

  it('falls back to the offline engine when the answer takes longer than the timeout', async () => {
    reply = () => 'hang';
    const started = Date.now();
    const result = await engine(300).recommend(request());
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.source).toBe('catalog');
    expect(result.items).toEqual(await offline());
    expect(progress.at(-1)?.stage).toBe('Ranking careers from your skills and assessment');
  });
});

describe('the engine the configuration chooses', () => {
  const contextWith = (env: Record<string, string>) =>
    createServiceContext(careersService.definition, {
      env: { INTERNAL_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://127.0.0.1/none', LOG_LEVEL: 'silent', ...env },
    });

  it('is the offline engine without OPENAI_API_KEY (unset or empty), the OpenAI engine with one', () => {
    expect(createCareerAdvisor(contextWith({}))).toBeInstanceOf(OfflineCareerAdvisor);
    expect(createCareerAdvisor(contextWith({ OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }))).toBeInstanceOf(
      OfflineCareerAdvisor,
    );
    expect(createCareerAdvisor(contextWith({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL }))).toBeInstanceOf(
      OpenAiCareerAdvisor,
    );
    expect(() => contextWith({ OPENAI_BASE_URL: 'not a url' })).toThrow('OPENAI_BASE_URL');
  });
});
