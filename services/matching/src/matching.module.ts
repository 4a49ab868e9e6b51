import { type DynamicModule, Module } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { FileStoreModule, type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { FirstReplyConsumer } from './consumers/first-reply.consumer.js';
import { ReadModelConsumer } from './consumers/read-model.consumer.js';
import { InternalController } from './controllers/internal.controller.js';
import { MatchesController } from './controllers/matches.controller.js';
import { ProfileInternalController } from './controllers/profile-internal.controller.js';
import { ReviewsController } from './controllers/reviews.controller.js';
import { ApplicationTimersJob } from './jobs/application-timers.job.js';
import { RematchProjectJob } from './jobs/rematch-project.job.js';
import { RematchReconciler } from './jobs/rematch-reconciler.js';
import { RematchScheduler } from './jobs/rematch-scheduler.js';
import { RematchStudentJob } from './jobs/rematch-student.job.js';
import { ResponsivenessSweeper } from './jobs/responsiveness-sweeper.js';
import { matchingConfig } from './matching.config.js';
import { MatchingTables1732400000000 } from './migrations/1732400000000-matching-tables.migration.js';
import { ClosedMatches1795483241435 } from './migrations/1795483241435-closed-matches.migration.js';
import { AppliedScore1795492104702 } from './migrations/1795492104702-applied-score.migration.js';
import { TypedReasons1795492590453 } from './migrations/1795492590453-typed-reasons.migration.js';
import { MatchPitch1795493906731 } from './migrations/1795493906731-match-pitch.migration.js';
import { CatalogSkillKeys1795506298242 } from './migrations/1795506298242-catalog-skill-keys.migration.js';
import { EmployerCompany1795493656040 } from './migrations/1795493656040-employer-company.migration.js';
import { ResponseTimes1795494500000 } from './migrations/1795494500000-response-times.migration.js';
import { ResponsivenessSweep1795494600000 } from './migrations/1795494600000-responsiveness-sweep.migration.js';
import { PeopleSnapshotAt1795940036089 } from './migrations/1795940036089-people-snapshot-at.migration.js';
import { Workspace1796100000000 } from './migrations/1796100000000-workspace.migration.js';
import { EmployerVerification1796200000000 } from './migrations/1796200000000-employer-verification.migration.js';
import { talentControllers, talentProviders } from './talent/talent.providers.js';
import { Talent1796300000000 } from './migrations/1796300000000-talent.migration.js';
import { CandidateRelationRepository } from './repositories/candidate-relation.repository.js';
import { MatchRepository } from './repositories/match.repository.js';
import { ProfileRepository } from './repositories/profile.repository.js';
import { ReadModelRepository } from './repositories/read-model.repository.js';
import { ResponsivenessRepository } from './repositories/responsiveness.repository.js';
import { ReviewRepository } from './repositories/review.repository.js';
import { AdvancedMatchesService } from './services/advanced-matches.service.js';
import { CandidateRelationService } from './services/candidate-relation.service.js';
import { DashboardService } from './services/dashboard.service.js';
import { FitService } from './services/fit.service.js';
import { MatchScoresService } from './services/match-scores.service.js';
import { MatchService } from './services/match.service.js';
import { ProjectLifecycleService } from './services/project-lifecycle.service.js';
import { RematchService } from './services/rematch.service.js';
import { ResponsivenessService } from './services/responsiveness.service.js';
import { ReviewService } from './services/review.service.js';
import { ScoreIndexService } from './services/score-index.service.js';
import { workspaceControllers, workspaceProviders } from './workspace/workspace.providers.js';

/**
 * Applications and their lifecycle, reviews, and the culture + skill matching of students and projects:
 * read models fed by events, top-K rankings refreshed by jobs (README.md).
 */
@Module({})
export class MatchingModule {
  static forRoot(context: ServiceContext<typeof matchingConfig>): DynamicModule {
    return {
      module: MatchingModule,
      // Workspace submissions' files are read from the FileStore the portfolio service stored them in (ADR 0010).
      imports: [ServiceCoreModule.forRoot(context), FileStoreModule.forRoot(context)],
      controllers: [
        MatchesController,
        ReviewsController,
        InternalController,
        ProfileInternalController,
        ...workspaceControllers,
        ...talentControllers,
      ],
      providers: [
        ReadModelRepository,
        ProfileRepository,
        MatchRepository,
        ReviewRepository,
        CandidateRelationRepository,
        ReadModelConsumer,
        RematchScheduler,
        RematchReconciler,
        RematchService,
        RematchStudentJob,
        RematchProjectJob,
        ScoreIndexService,
        MatchService,
        MatchScoresService,
        ProjectLifecycleService,
        ReviewService,
        AdvancedMatchesService,
        FitService,
        DashboardService,
        CandidateRelationService,
        ResponsivenessRepository,
        ResponsivenessService,
        FirstReplyConsumer,
        ApplicationTimersJob,
        ResponsivenessSweeper,
        ...workspaceProviders,
        ...talentProviders,
      ],
    };
  }
}

export const matchingService: ServiceEntry<typeof matchingConfig> = {
  definition: {
    name: 'matching',
    migrations: [
      MatchingTables1732400000000,
      ClosedMatches1795483241435,
      AppliedScore1795492104702,
      TypedReasons1795492590453,
      EmployerCompany1795493656040,
      MatchPitch1795493906731,
      ResponseTimes1795494500000,
      ResponsivenessSweep1795494600000,
      CatalogSkillKeys1795506298242,
      PeopleSnapshotAt1795940036089,
      Workspace1796100000000,
      EmployerVerification1796200000000,
      Talent1796300000000,
    ],
    queues: [
      Queues.MatchingRematchStudent,
      Queues.MatchingRematchProject,
      Queues.MatchingApplicationTimers,
      Queues.MatchingWorkspaceReminders,
    ],
    config: matchingConfig,
  },
  module: (context) => MatchingModule.forRoot(context),
};
