import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { AssessmentController } from './controllers/assessment.controller.js';
import { InternalController } from './controllers/internal.controller.js';
import { ProfileInternalController } from './controllers/profile-internal.controller.js';
import { AssessmentTables1732310000000 } from './migrations/1732310000000-assessment-tables.migration.js';
import { AssessmentResultRepository } from './repositories/assessment-result.repository.js';
import { AssessmentService } from './services/assessment.service.js';

/** The culture assessment: its definition, submissions scored into a culture profile, the current result. */
@Module({})
export class AssessmentModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return {
      module: AssessmentModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [AssessmentController, InternalController, ProfileInternalController],
      providers: [AssessmentResultRepository, AssessmentService],
    };
  }
}

export const assessmentService: ServiceEntry = {
  definition: {
    name: 'assessment',
    migrations: [AssessmentTables1732310000000],
  },
  module: (context) => AssessmentModule.forRoot(context),
};
