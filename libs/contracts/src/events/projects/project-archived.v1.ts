import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/** The employer deleted the project: it is archived, no longer listed or matched. */
export const ProjectArchivedV1 = defineEvent({
  type: 'projects.project.archived',
  version: 1,
  topic: Topics.ProjectsProjects,
  schema: z.object({ projectId: z.uuid(), employerId: z.uuid(), archivedAt: z.iso.datetime() }),
});
