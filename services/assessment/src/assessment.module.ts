import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';

@Module({})
export class AssessmentModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return { module: AssessmentModule, imports: [ServiceCoreModule.forRoot(context)] };
  }
}

export const assessmentService: ServiceEntry = {
  definition: { name: 'assessment', entities: [], migrations: [] },
  module: (context) => AssessmentModule.forRoot(context),
};
