import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newAccount, signUpThroughApi, type Account } from './accounts.js';
import { apply, createProject, patch, send } from './dashboard-data.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './profile.js';

/**
 * A file the server takes for a PDF: it reads the type from the bytes (`%PDF-` first), and a PDF may
 * carry any comment lines before its end marker. Exactly `size` bytes.
 */
export function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const body = Buffer.alloc(size - head.length - tail.length, '%');
  for (let i = 79; i < body.length; i += 80) body[i] = 0x0a; // comment lines of 80 bytes
  return Buffer.concat([head, body, tail]);
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/csrf');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

/** A finished `portfolio` upload through the tus endpoint (creation, then one PATCH); returns its id. */
export async function uploadThroughApi(
  request: APIRequestContext,
  bytes: Buffer,
  fileName: string,
  fileType = 'application/pdf',
): Promise<string> {
  const headers = { 'X-CSRF-Token': await csrfToken(request), 'Tus-Resumable': '1.0.0' };
  const created = await request.post('/api/uploads', {
    headers: {
      ...headers,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${base64(fileName)},filetype ${base64(fileType)},purpose ${base64('portfolio')}`,
    },
  });
  expect(created.status(), `POST /api/uploads: ${await created.text()}`).toBe(201);
  const location = created.headers()['location']!;
  const sent = await request.fetch(location, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(sent.status(), `PATCH ${location}: ${await sent.text()}`).toBe(204);
  return location.split('/').pop()!;
}

/** The id of the signed-in student's skill named `name`. */
export async function userSkillId(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.get('/api/users/me/skills');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { id: string; skill: { name: string } }[] };
  return items.find((item) => item.skill.name === name)!.id;
}

/** A portfolio item of the signed-in student, from a small PDF, on their skill `skill`. */
export async function addItemThroughApi(request: APIRequestContext, title: string, skill: string) {
  const uploadId = await uploadThroughApi(request, pdfBytes(64 * 1024), `${title}.pdf`);
  return send<{ id: string; title: string }>(request, 'POST', '/api/portfolios', {
    userSkillId: await userSkillId(request, skill),
    title,
    description: 'A small case study with the problem, the approach and what came of it.',
    uploadId,
  });
}

export interface Collaboration {
  student: Page;
  employer: Page;
  studentAccount: Account;
  project: { id: string; title: string };
}

/**
 * A student with an assessment and the skill `skill`, who applied to a project of a new employer;
 * the employer accepted, so that they may verify the student's portfolio.
 */
export async function collaboration(browser: Browser, skill = 'TypeScript'): Promise<Collaboration> {
  const employer = await (await browser.newContext()).newPage();
  await signUpThroughApi(employer, newAccount('employer'));
  const project = await createProject(employer.request);

  const studentAccount = newAccount('student');
  const student = await (await browser.newContext()).newPage();
  await signUpThroughApi(student, studentAccount);
  await submitAssessmentThroughApi(student);
  await addSkillThroughApi(student, skill, 'Advanced');
  const match = await apply(student.request, project.id);
  await patch(employer.request, `/api/matches/${match.id}`, { status: 'accepted' });
  return { student, employer, studentAccount, project };
}
