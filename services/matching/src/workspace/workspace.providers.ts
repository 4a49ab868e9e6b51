import { attachmentUploadsConsumer } from '@projectory/platform';
import { CalendarController } from './calendar/controllers/calendar.controller.js';
import { CalendarRepository } from './calendar/repositories/calendar.repository.js';
import { CalendarService } from './calendar/services/calendar.service.js';
import { WorkspaceController } from './controllers/workspace.controller.js';
import { WorkspaceRepository } from './repositories/workspace.repository.js';
import { WorkspaceRemindersJob } from './reminders/jobs/workspace-reminders.job.js';
import { RemindersRepository } from './reminders/repositories/reminders.repository.js';
import { WorkspaceReminders } from './reminders/services/workspace-reminders.service.js';
import { MilestoneService } from './services/milestone.service.js';
import { SubmissionService } from './services/submission.service.js';
import { WorkspaceAccess } from './services/workspace-access.service.js';
import { WorkspaceService } from './services/workspace.service.js';
import { SessionsController } from './sessions/controllers/sessions.controller.js';
import { SessionsRepository } from './sessions/repositories/sessions.repository.js';
import { SessionsService } from './sessions/services/sessions.service.js';

/**
 * The workspace (ADR 0019): access, the plan, submissions and decisions, the uploads' read model; its
 * sessions, calendar feed and reminders.
 */
export const workspaceProviders = [
  WorkspaceRepository,
  WorkspaceAccess,
  WorkspaceService,
  MilestoneService,
  SubmissionService,
  attachmentUploadsConsumer(WorkspaceRepository),
  SessionsRepository,
  SessionsService,
  CalendarRepository,
  CalendarService,
  RemindersRepository,
  WorkspaceReminders,
  WorkspaceRemindersJob,
];

export const workspaceControllers = [WorkspaceController, SessionsController, CalendarController];
