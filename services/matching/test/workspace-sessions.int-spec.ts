import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type EventEnvelope,
  type Milestone,
  NotificationRequestedV1,
  Queues,
  SessionCancelledV1,
  SessionScheduledV1,
  WorkspaceNotificationType,
  type WorkspaceSession,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, type EventRecorder, recordEvents } from '@projectory/testing';
import ICAL from 'ical.js';
import {
  type MilestoneReminder,
  reminderJobId,
  type SessionReminder,
} from '../src/workspace/reminders/domain/reminders.js';
import { apply, createProject, type Person, setStatus, signUp, withDatabase } from './matching-fixtures.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const PROJECT_TITLE = 'Data, "pipeline"; v2/ETL';

/** A day (UTC) `days` from today, as `YYYY-MM-DD`. */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** A whole minute `minutes` from now (ISO, UTC). */
const inMinutes = (minutes: number) =>
  new Date(Math.ceil((Date.now() + minutes * MINUTE_MS) / MINUTE_MS) * MINUTE_MS).toISOString();

interface Workspace {
  matchId: string;
  student: Person;
  employer: Person;
}

await describeWithInfra(['postgres'], 'workspace sessions, calendar feed and reminders', () => {
  const stack = useApiStack(['matching', 'identity'], { PUBLIC_ORIGIN: 'https://projectory.example' });
  const recorded = {} as { notifications: EventRecorder; sessions: EventRecorder };
  let stranger: Person;
  beforeAll(async () => {
    recorded.notifications = await recordEvents(stack.bus, [NotificationRequestedV1]);
    recorded.sessions = await recordEvents(stack.bus, [SessionScheduledV1, SessionCancelledV1]);
    stranger = await signUp(stack, 'student');
  });

  /** An accepted match: a fresh employer, project and student. */
  async function workspace(): Promise<Workspace> {
    const [employer, student] = await Promise.all([signUp(stack, 'employer'), signUp(stack, 'student')]);
    const project = await createProject(stack, employer.user.id, { title: PROJECT_TITLE });
    const match = await apply(student, project.projectId);
    await setStatus(employer, match.id, 'accepted');
    return { matchId: match.id, student, employer };
  }

  const schedule = (person: Person, matchId: string, body: Record<string, unknown>) =>
    person.client.post(`/api/workspaces/${matchId}/sessions`, body);

  async function scheduled(person: Person, matchId: string, body: Record<string, unknown>): Promise<WorkspaceSession> {
    const response = await schedule(person, matchId, body);
    expect(response.status).toBe(201);
    return response.json<WorkspaceSession>();
  }

  /** A notification of `kind` to `userId` about the workspace (by its link). */
  const notification =
    (userId: string, kind: string, link?: string) =>
    (event: EventEnvelope): boolean => {
      const payload = event.payload as { userId: string; event: string; data: { kind?: string; link?: string } };
      return (
        payload.userId === userId &&
        payload.event === 'notification' &&
        payload.data.kind === kind &&
        (link === undefined || payload.data.link === link)
      );
    };

  const calendar = (person: Person, matchId: string) => person.client.get(`/api/workspaces/${matchId}/calendar.ics`);

  describe('POST /api/workspaces/:matchId/sessions', () => {
    it('schedules a session for either participant, tells the other and publishes SessionScheduled', async () => {
      const { matchId, student, employer } = await workspace();
      const startsAt = inMinutes(3 * 24 * 60);
      const session = await scheduled(student, matchId, {
        title: '  Kick-off  ',
        startsAt,
        durationMinutes: 45,
        agenda: 'Goals, scope; questions',
      });
      expect(session).toEqual({
        id: expect.any(String),
        title: 'Kick-off',
        startsAt,
        durationMinutes: 45,
        agenda: 'Goals, scope; questions',
        createdBy: student.user.id,
      });
      const told = await recorded.notifications.waitFor(
        notification(employer.user.id, WorkspaceNotificationType.SessionScheduled, `/workspaces/${matchId}`),
      );
      expect((told.payload as { data: { body: string } }).data.body).toContain('Kick-off');
      expect(
        recorded.notifications.events.filter(notification(student.user.id, WorkspaceNotificationType.SessionScheduled)),
      ).toEqual([]);
      const event = await recorded.sessions.waitFor(
        (event) => event.type === SessionScheduledV1.type && event.key === matchId,
      );
      expect(event.payload).toMatchObject({
        matchId,
        sessionId: session.id,
        studentId: student.user.id,
        employerId: employer.user.id,
        createdBy: student.user.id,
        startsAt,
        durationMinutes: 45,
      });
      // Both screens refresh.
      await recorded.notifications.waitFor((event) => {
        const payload = event.payload as { userId: string; alsoUserIds?: string[]; event: string; data: unknown };
        return payload.event === 'workspace:updated' && (payload.data as { matchId: string }).matchId === matchId;
      });
      // The employer may schedule too.
      await scheduled(employer, matchId, { title: 'Review', startsAt: inMinutes(5 * 24 * 60), durationMinutes: 15 });
    });

    it('refuses bad input naming the field, overlaps (409) and strangers (404)', async () => {
      const { matchId, student, employer } = await workspace();
      const bad: [Record<string, unknown>, string][] = [
        [{ title: 'Past', startsAt: inMinutes(-60), durationMinutes: 30 }, 'startsAt'],
        [{ title: 'Not a time', startsAt: 'tomorrow', durationMinutes: 30 }, 'startsAt'],
        [{ title: 'Short', startsAt: inMinutes(60), durationMinutes: 10 }, 'durationMinutes'],
        [{ title: 'Long', startsAt: inMinutes(60), durationMinutes: 241 }, 'durationMinutes'],
        [{ title: '', startsAt: inMinutes(60), durationMinutes: 30 }, 'title'],
        [{ title: 'x'.repeat(101), startsAt: inMinutes(60), durationMinutes: 30 }, 'title'],
        [{ title: 'Agenda', startsAt: inMinutes(60), durationMinutes: 30, agenda: 'x'.repeat(2001) }, 'agenda'],
        [{ title: 'Extra', startsAt: inMinutes(60), durationMinutes: 30, room: 'B' }, ''],
      ];
      for (const [body, path] of bad) {
        const response = await schedule(student, matchId, body);
        expect(response.status).toBe(400);
        const issues = response.json<{ code: string; issues: { path: string }[] }>();
        expect(issues.code).toBe('VALIDATION_FAILED');
        if (path) expect(issues.issues.map((issue) => issue.path)).toContain(path);
      }

      const base = Date.parse(inMinutes(2 * 24 * 60));
      const at = (minutes: number) => new Date(base + minutes * MINUTE_MS).toISOString();
      const first = await scheduled(student, matchId, { title: 'One', startsAt: at(0), durationMinutes: 60 });
      for (const [start, duration] of [
        [30, 60],
        [-30, 45],
        [-60, 180],
        [10, 15],
      ] as const) {
        const response = await schedule(employer, matchId, {
          title: 'Clash',
          startsAt: at(start),
          durationMinutes: duration,
        });
        expect(response.status).toBe(409);
        expect(response.json()).toMatchObject({ code: 'SESSION_OVERLAP' });
      }
      // Back to back is fine; a cancelled session frees its time.
      await scheduled(employer, matchId, { title: 'After', startsAt: at(60), durationMinutes: 30 });
      await scheduled(employer, matchId, { title: 'Before', startsAt: at(-15), durationMinutes: 15 });
      expect((await student.client.mutate('DELETE', `/api/workspaces/${matchId}/sessions/${first.id}`)).status).toBe(
        204,
      );
      await scheduled(employer, matchId, { title: 'Instead', startsAt: at(0), durationMinutes: 60 });

      // Strangers, unknown and malformed workspaces: 404.
      const body = { title: 'Hi', startsAt: at(600), durationMinutes: 30 };
      for (const [person, id] of [
        [stranger, matchId],
        [student, randomUUID()],
        [student, 'not-an-id'],
      ] as const) {
        const response = await schedule(person, id, body);
        expect(response.status).toBe(404);
        expect(response.json()).toMatchObject({ code: 'WORKSPACE_NOT_FOUND' });
      }
      // Another session's workspace holds its own sessions: the overlap is per workspace.
      const other = await workspace();
      await scheduled(other.student, other.matchId, { title: 'Same time', startsAt: at(0), durationMinutes: 60 });
    });
  });

  describe('DELETE /api/workspaces/:matchId/sessions/:sessionId', () => {
    it('cancels for either participant, tells the other, and is 404 once cancelled or for another workspace', async () => {
      const { matchId, student, employer } = await workspace();
      const session = await scheduled(employer, matchId, {
        title: 'Pairing',
        startsAt: inMinutes(4 * 24 * 60),
        durationMinutes: 90,
      });
      const path = `/api/workspaces/${matchId}/sessions/${session.id}`;
      expect((await stranger.client.mutate('DELETE', path)).status).toBe(404);
      const other = await workspace();
      const foreign = await other.student.client.mutate(
        'DELETE',
        `/api/workspaces/${other.matchId}/sessions/${session.id}`,
      );
      expect(foreign.status).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });

      expect((await student.client.mutate('DELETE', path)).status).toBe(204);
      await recorded.notifications.waitFor(
        notification(employer.user.id, WorkspaceNotificationType.SessionCancelled, `/workspaces/${matchId}`),
      );
      const event = await recorded.sessions.waitFor(
        (event) => event.type === SessionCancelledV1.type && event.key === matchId,
      );
      expect(event.payload).toMatchObject({ matchId, sessionId: session.id, cancelledBy: student.user.id });

      for (const id of [session.id, randomUUID(), 'nope']) {
        const again = await employer.client.mutate('DELETE', `/api/workspaces/${matchId}/sessions/${id}`);
        expect(again.status).toBe(404);
        expect(again.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
      }
    });
  });

  describe('GET /api/workspaces/:matchId/calendar.ics', () => {
    it('is an RFC 5545 feed of the due dates and sessions that a real parser reads, to the participants only', async () => {
      const { matchId, student, employer } = await workspace();
      const dueDate = dayFromToday(10);
      const created = await employer.client.post(`/api/workspaces/${matchId}/milestones`, {
        title: 'Schema, first; draft',
        description: 'Tables\nand indexes',
        dueDate,
      });
      expect(created.status).toBe(201);
      const milestone = created.json<Milestone>();
      const undated = await employer.client.post(`/api/workspaces/${matchId}/milestones`, { title: 'Someday' });
      expect(undated.status).toBe(201);
      const kickOff = await scheduled(student, matchId, {
        title: 'Kick-off',
        startsAt: inMinutes(2 * 24 * 60),
        durationMinutes: 30,
        agenda: 'Hello, world',
      });
      const dropped = await scheduled(student, matchId, {
        title: 'Dropped',
        startsAt: inMinutes(6 * 24 * 60),
        durationMinutes: 60,
      });
      expect((await employer.client.mutate('DELETE', `/api/workspaces/${matchId}/sessions/${dropped.id}`)).status).toBe(
        204,
      );

      const response = await calendar(student, matchId);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      // Quotes and the slash are not part of a file name; the header is platform's contentDisposition.
      const fileName = 'Data, -pipeline-; v2-ETL-workspace.ics';
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      );
      expect(response.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(response.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      for (const line of response.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

      const parsed = new ICAL.Component(ICAL.parse(response.text));
      expect(parsed.getFirstPropertyValue('method')).toBe('PUBLISH');
      expect(parsed.getFirstPropertyValue('x-wr-calname')).toBe('Data\\, "pipeline"\\; v2/ETL');
      const events = parsed.getAllSubcomponents('vevent');
      const byUid = (uid: string) => events.find((event) => event.getFirstPropertyValue('uid') === uid)!;
      expect(events).toHaveLength(3);

      const due = new ICAL.Event(byUid(`milestone-${milestone.id}@projectory`));
      expect(due.startDate.isDate).toBe(true);
      expect(due.startDate.toString()).toBe(dueDate);
      expect(due.endDate.toString()).toBe(dayFromToday(11));
      expect(due.summary).toBe('Due: Schema, first; draft');
      expect(due.description).toBe('Tables\nand indexes');
      expect(byUid(`milestone-${milestone.id}@projectory`).getFirstPropertyValue('url')).toBe(
        `https://projectory.example/workspaces/${matchId}`,
      );

      const timed = new ICAL.Event(byUid(`session-${kickOff.id}@projectory`));
      expect(timed.startDate.isDate).toBe(false);
      expect(timed.startDate.toJSDate().toISOString()).toBe(new Date(kickOff.startsAt).toISOString());
      expect(timed.endDate.toJSDate().getTime() - timed.startDate.toJSDate().getTime()).toBe(30 * MINUTE_MS);
      expect(timed.description).toBe('Hello, world');
      expect(timed.sequence).toBe(0);
      expect(byUid(`session-${kickOff.id}@projectory`).getFirstPropertyValue('status')).toBe('CONFIRMED');

      const cancelled = byUid(`session-${dropped.id}@projectory`);
      expect(cancelled.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(new ICAL.Event(cancelled).sequence).toBe(1);

      // The employer gets the same feed; strangers, unknown and malformed ids are 404.
      expect((await calendar(employer, matchId)).text.split('\r\n').filter((l) => l.startsWith('UID:'))).toHaveLength(
        3,
      );
      for (const [person, id] of [
        [stranger, matchId],
        [student, randomUUID()],
        [student, 'calendar'],
      ] as const) {
        const refused = await calendar(person, id);
        expect(refused.status).toBe(404);
        expect(refused.json()).toMatchObject({ code: 'WORKSPACE_NOT_FOUND' });
      }
      expect((await stack.client().get(`/api/workspaces/${matchId}/calendar.ics`)).status).toBe(401);
    });
  });

  describe('reminders', () => {
    /** Runs a reminder now, as its delayed job would when due (a job id of its own). */
    const remind = (data: MilestoneReminder | SessionReminder) =>
      stack.jobs.add(Queues.MatchingWorkspaceReminders, data, { jobId: `test:${randomUUID()}` });

    it('tell both participants 15 minutes before a session, linking to the thread; a stale job does nothing', async () => {
      const { matchId, student, employer } = await workspace();
      const link = `/messages?match=${matchId}`;
      // A session scheduled that soon: its own reminder (scheduled after the commit) is due at once.
      const stale = await scheduled(employer, matchId, {
        title: 'Moved',
        startsAt: inMinutes(60),
        durationMinutes: 15,
      });
      const cancelled = await scheduled(employer, matchId, {
        title: 'Off',
        startsAt: inMinutes(90),
        durationMinutes: 15,
      });
      expect(
        (await employer.client.mutate('DELETE', `/api/workspaces/${matchId}/sessions/${cancelled.id}`)).status,
      ).toBe(204);
      // Jobs run one at a time in order: a stale start and a cancelled session first (both due now), then a
      // live one.
      await remind({ kind: 'session.starting', sessionId: stale.id, matchId, startsAt: inMinutes(5) });
      await remind({ kind: 'session.starting', sessionId: cancelled.id, matchId, startsAt: cancelled.startsAt });
      const soon = await scheduled(student, matchId, {
        title: 'Stand-up',
        startsAt: inMinutes(10),
        durationMinutes: 15,
      });
      for (const person of [student, employer]) {
        await recorded.notifications.waitFor(
          notification(person.user.id, WorkspaceNotificationType.SessionStarting, link),
        );
      }
      const starting = recorded.notifications.events.filter(
        notification(student.user.id, WorkspaceNotificationType.SessionStarting),
      );
      expect(starting).toHaveLength(1);
      expect((starting[0]!.payload as { data: { body: string } }).data.body).toContain('Stand-up');
      // The scheduled job's id is per session, kind and start: adding it again is refused while it waits.
      const again = await stack.jobs.add(
        Queues.MatchingWorkspaceReminders,
        {},
        {
          jobId: reminderJobId({ kind: 'session.starting', sessionId: stale.id, matchId, startsAt: stale.startsAt }),
        },
      );
      expect(again.added).toBe(false);
      expect(soon.id).toBeDefined();
      expect(await stack.jobs.listFailed(Queues.MatchingWorkspaceReminders)).toEqual([]);
    });

    it('tell both participants a day before a due date and once it is over, unless it moved or was approved', async () => {
      const { matchId, student, employer } = await workspace();
      const dueDate = dayFromToday(1);
      const created = await employer.client.post(`/api/workspaces/${matchId}/milestones`, { title: 'Draft', dueDate });
      expect(created.status).toBe(201);
      const milestone = created.json<Milestone>();
      const link = `/workspaces/${matchId}`;
      const count = (person: Person, kind: string) =>
        recorded.notifications.events.filter(notification(person.user.id, kind, link)).length;
      /** Jobs run one at a time in order: once a session reminder added after `jobs` is out, they have run. */
      const barrier = async () => {
        const session = await scheduled(student, matchId, {
          title: `Barrier ${randomUUID()}`,
          startsAt: inMinutes(5),
          durationMinutes: 15,
        });
        await recorded.notifications.waitFor(
          (event) =>
            notification(employer.user.id, WorkspaceNotificationType.SessionStarting)(event) &&
            (event.payload as { data: { body: string } }).data.body.includes(session.title),
        );
        expect(
          (await employer.client.mutate('DELETE', `/api/workspaces/${matchId}/sessions/${session.id}`)).status,
        ).toBe(204);
      };

      // Due tomorrow: "due soon" since 00:00 UTC today.
      await remind({ kind: 'milestone.due_soon', milestoneId: milestone.id, matchId, dueDate });
      for (const person of [student, employer]) {
        await recorded.notifications.waitFor(
          notification(person.user.id, WorkspaceNotificationType.MilestoneDueSoon, link),
        );
      }
      const dueSoon = recorded.notifications.events.find(
        notification(employer.user.id, WorkspaceNotificationType.MilestoneDueSoon, link),
      );
      expect((dueSoon!.payload as { data: { body: string } }).data.body).toBe(
        `“Draft” in ${PROJECT_TITLE} is due on ${dueDate}.`,
      );
      // (The milestone service may have scheduled its own, due at once too.)
      await barrier();
      const soonBefore = count(employer, WorkspaceNotificationType.MilestoneDueSoon);

      // Moved back in time (here by hand: the API refuses a past date), the overdue reminder goes out; jobs
      // for other due dates, due now, do nothing.
      const yesterday = dayFromToday(-1);
      await withDatabase(stack, (db) =>
        db.query('UPDATE matching.milestones SET due_date = $2 WHERE id = $1', [milestone.id, yesterday]),
      );
      await remind({ kind: 'milestone.due_soon', milestoneId: milestone.id, matchId, dueDate });
      await remind({ kind: 'milestone.due_soon', milestoneId: milestone.id, matchId, dueDate: dayFromToday(0) });
      await remind({ kind: 'milestone.overdue', milestoneId: milestone.id, matchId, dueDate: dayFromToday(-2) });
      await remind({ kind: 'milestone.overdue', milestoneId: milestone.id, matchId, dueDate: yesterday });
      for (const person of [student, employer]) {
        await recorded.notifications.waitFor(
          notification(person.user.id, WorkspaceNotificationType.MilestoneOverdue, link),
        );
      }
      await barrier();
      expect(count(student, WorkspaceNotificationType.MilestoneOverdue)).toBe(1);
      expect(count(employer, WorkspaceNotificationType.MilestoneDueSoon)).toBe(soonBefore);

      // Approved, it is no longer overdue.
      const submitted = await student.client.post(`/api/workspaces/${matchId}/milestones/${milestone.id}/submissions`, {
        note: 'Here it is',
      });
      expect(submitted.status).toBe(201);
      const decided = await employer.client.mutate(
        'PATCH',
        `/api/workspaces/${matchId}/submissions/${submitted.json<{ id: string }>().id}`,
        { decision: 'approved' },
      );
      expect(decided.status).toBe(200);
      await remind({ kind: 'milestone.overdue', milestoneId: milestone.id, matchId, dueDate: yesterday });
      await barrier();
      expect(count(student, WorkspaceNotificationType.MilestoneOverdue)).toBe(1);
      expect(await stack.jobs.listFailed(Queues.MatchingWorkspaceReminders)).toEqual([]);
    });
  });
});
