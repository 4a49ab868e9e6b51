import { adminChangeSchema } from '../../admin/admin.js';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/**
 * An admin deactivated or reactivated a project (PATCH /api/admin/projects/:id): who, before and
 * after, and why. The admin service keeps it as an audit row; ProjectUpdated carries the project now.
 */
export const ProjectModeratedV1 = defineEvent({
  type: 'projects.project.moderated',
  version: 1,
  topic: Topics.ProjectsProjects,
  schema: adminChangeSchema,
});
