import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { projectSnapshotSchema } from './project-snapshot.js';

/** Any change, activation and deactivation included: the whole project now. */
export const ProjectUpdatedV1 = defineEvent({
  type: 'projects.project.updated',
  version: 1,
  topic: Topics.ProjectsProjects,
  schema: projectSnapshotSchema,
});
