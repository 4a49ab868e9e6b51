import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import {
  AssessmentCompletedV1,
  type EventDefinition,
  type EventEnvelope,
  type EventPayload,
  type Match,
  ProjectArchivedV1,
  ProjectCreatedV1,
  type ProjectSnapshot,
  ProjectUpdatedV1,
  type ProficiencyLevel,
  type User,
  UserSkillsUpdatedV1,
  UserUpdatedV1,
} from '@projectory/contracts';
import type { ApiStack } from '@projectory/api-stack';
import { type Person, publishEvent, signUpPerson, TEST_PASSWORD, waitFor, withDatabase } from '@projectory/testing';
export { type Person, withDatabase };
import { io, type Socket } from 'socket.io-client';
import type { ProjectProfile, StudentProfile } from '../src/scoring/index.js';

export const PASSWORD = TEST_PASSWORD;
let counter = 0;

/** A real account through identity: its UserRegistered feeds matching's read model (names show in matches). */
export const signUp = (
  stack: ApiStack,
  role: 'student' | 'employer',
  overrides: Record<string, unknown> = {},
): Promise<Person> =>
  signUpPerson(stack, role, {
    overrides,
    readyWhen: 'SELECT 1 FROM matching.people WHERE id = $1 AND snapshot_at IS NOT NULL',
  });

export const publish = <D extends EventDefinition>(
  stack: ApiStack,
  definition: D,
  key: string,
  payload: EventPayload<D>,
  occurredAt?: string,
): Promise<EventEnvelope> => publishEvent(stack.bus, definition, key, payload, { occurredAt });

export function projectSnapshot(employerId: string, overrides: Partial<ProjectSnapshot> = {}): ProjectSnapshot {
  return {
    projectId: randomUUID(),
    employerId,
    title: `Project ${(counter += 1)}`,
    description: 'Build something real with a real team.',
    exchangeType: 'mentorship',
    exchangeDescription: null,
    duration: '2-3 weeks',
    requiredSkills: ['TypeScript', 'PostgreSQL'],
    culturalValues: ['Integrity', 'Growth'],
    milestones: [],
    isActive: true,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

export async function createProject(
  stack: ApiStack,
  employerId: string,
  overrides: Partial<ProjectSnapshot> = {},
): Promise<ProjectSnapshot> {
  const project = projectSnapshot(employerId, overrides);
  await publish(stack, ProjectCreatedV1, project.projectId, project);
  return project;
}

export async function updateProject(stack: ApiStack, project: ProjectSnapshot, occurredAt?: string): Promise<void> {
  await publish(stack, ProjectUpdatedV1, project.projectId, project, occurredAt);
}

export async function archiveProject(stack: ApiStack, project: ProjectSnapshot): Promise<void> {
  await publish(stack, ProjectArchivedV1, project.projectId, {
    projectId: project.projectId,
    employerId: project.employerId,
    archivedAt: new Date().toISOString(),
  });
}

export const VECTOR = [0.8, 0.2, 0.6, 0.5, 0.7, 0.9, 0.4];

export async function completeAssessment(
  stack: ApiStack,
  user: Pick<User, 'id' | 'role'>,
  values: string[],
  vector: number[] = VECTOR,
): Promise<void> {
  await publish(stack, AssessmentCompletedV1, user.id, {
    userId: user.id,
    role: user.role,
    resultId: randomUUID(),
    values,
    vector,
    completedAt: new Date().toISOString(),
  });
}

export async function setSkills(
  stack: ApiStack,
  userId: string,
  skills: [name: string, level: ProficiencyLevel][],
): Promise<void> {
  await publish(stack, UserSkillsUpdatedV1, userId, {
    userId,
    skills: skills.map(([name, proficiencyLevel]) => ({
      skillId: randomUUID(),
      name,
      category: 'Engineering',
      proficiencyLevel,
      verified: false,
    })),
    updatedAt: new Date().toISOString(),
  });
}

/** What identity would announce after an admin changed the plan. */
export async function setPlan(stack: ApiStack, user: User, plan: User['plan']): Promise<void> {
  await publish(stack, UserUpdatedV1, user.id, {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    plan,
    headline: null,
    company: null,
    location: null,
    profileImageUrl: null,
    createdAt: user.createdAt,
  });
}

export async function apply(student: Person, projectId: string, extra: Record<string, unknown> = {}): Promise<Match> {
  const response = await student.client.post('/api/matches', { projectId, ...extra });
  expect(response.status).toBe(201);
  return response.json<Match>();
}

/** Applies as soon as matching's read model holds the project (events may still be on their way): 404 until then. */
export async function applyWhenKnown(student: Person, projectId: string, extra: Record<string, unknown> = {}) {
  return waitFor(async () => {
    const response = await student.client.post('/api/matches', { projectId, ...extra });
    if (response.status === 404) return false;
    expect(response.status).toBe(201);
    return response.json<Match>();
  });
}

export async function setStatus(person: Person, matchId: string, status: Match['status']): Promise<Match> {
  const response = await person.client.mutate('PATCH', `/api/matches/${matchId}`, { status });
  expect(response.status).toBe(200);
  return response.json<Match>();
}

export function projectProfile(project: ProjectSnapshot, employerVector: number[] | null = null): ProjectProfile {
  return {
    id: project.projectId,
    employerId: project.employerId,
    culturalValues: project.culturalValues,
    requiredSkills: project.requiredSkills,
    employerVector,
  };
}

export function studentProfile(
  id: string,
  values: string[] = [],
  vector: number[] | null = null,
  skills: [string, ProficiencyLevel][] = [],
): StudentProfile {
  return { id, values, vector, skills: skills.map(([name, level]) => ({ name, level, verified: false })) };
}

/** A socket of the signed-in user, as the web app opens it. */
export async function openSocket(stack: ApiStack, person: Person): Promise<Socket> {
  const socket = io(stack.base, {
    path: '/api/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: person.client.cookieHeader },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Collects what one socket receives, by event name. */
export function record(socket: Socket, events: string[]): Map<string, unknown[]> {
  const received = new Map<string, unknown[]>(events.map((event) => [event, []]));
  for (const event of events) socket.on(event, (data: unknown) => received.get(event)!.push(data));
  return received;
}
