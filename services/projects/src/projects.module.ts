import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';

@Module({})
export class ProjectsModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return { module: ProjectsModule, imports: [ServiceCoreModule.forRoot(context)] };
  }
}

export const projectsService: ServiceEntry = {
  definition: { name: 'projects', entities: [], migrations: [] },
  module: (context) => ProjectsModule.forRoot(context),
};
