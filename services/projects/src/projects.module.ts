import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { ReadModelConsumer } from './consumers/read-model.consumer.js';
import { AdminProjectsController } from './controllers/admin-projects.controller.js';
import { InternalController } from './controllers/internal.controller.js';
import { ProjectsController } from './controllers/projects.controller.js';
import { ProjectsTables1732500000000 } from './migrations/1732500000000-projects-tables.migration.js';
import { Moderation1797100000200 } from './migrations/1797100000200-moderation.migration.js';
import { CanonicalRequiredSkills1797100000300 } from './migrations/1797100000300-canonical-required-skills.migration.js';
import { EmployerResponsiveness1797100000400 } from './migrations/1797100000400-employer-responsiveness.migration.js';
import { TitleSearch1797300000000 } from './migrations/1797300000000-title-search.migration.js';
import { PeopleSnapshotAt1797300000100 } from './migrations/1797300000100-people-snapshot-at.migration.js';
import { MilestoneTemplate1797400000000 } from './migrations/1797400000000-milestone-template.migration.js';
import { TrustAndSafety1797500000100 } from './migrations/1797500000100-trust-and-safety.migration.js';
import { ProjectRepository } from './repositories/project.repository.js';
import { ReadModelRepository } from './repositories/read-model.repository.js';
import { ProjectModerationService } from './services/project-moderation.service.js';
import { ProjectService } from './services/project.service.js';

/**
 * Employers' projects: create, change, archive, browse and full-text search (ADRs 0008, 0013), announced
 * through the outbox; employer names and applicant counts come from other services' events.
 */
@Module({})
export class ProjectsModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return {
      module: ProjectsModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [ProjectsController, InternalController, AdminProjectsController],
      providers: [ProjectRepository, ReadModelRepository, ProjectService, ProjectModerationService, ReadModelConsumer],
    };
  }
}

export const projectsService: ServiceEntry = {
  definition: {
    name: 'projects',
    migrations: [
      ProjectsTables1732500000000,
      Moderation1797100000200,
      CanonicalRequiredSkills1797100000300,
      EmployerResponsiveness1797100000400,
      TitleSearch1797300000000,
      PeopleSnapshotAt1797300000100,
      MilestoneTemplate1797400000000,
      TrustAndSafety1797500000100,
    ],
  },
  module: (context) => ProjectsModule.forRoot(context),
};
