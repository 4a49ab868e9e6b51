import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { projectSnapshotSchema } from './project-snapshot.js';

export const ProjectCreatedV1 = defineEvent({
  type: 'projects.project.created',
  version: 1,
  topic: Topics.ProjectsProjects,
  schema: projectSnapshotSchema,
});
