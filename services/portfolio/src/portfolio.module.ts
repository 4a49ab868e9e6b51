import { type DynamicModule, Module } from '@nestjs/common';
import {
  FileStoreModule,
  peopleConsumer,
  type ServiceContext,
  ServiceCoreModule,
  type ServiceEntry,
} from '@projectory/platform';
import { ReadModelConsumer } from './consumers/read-model.consumer.js';
import { InternalController } from './controllers/internal.controller.js';
import { PortfolioController } from './controllers/portfolio.controller.js';
import { ProfileInternalController } from './controllers/profile-internal.controller.js';
import { SkillsController } from './controllers/skills.controller.js';
import { UserSkillsController } from './controllers/user-skills.controller.js';
import { SkillsTables1732400000000 } from './migrations/1732400000000-skills-tables.migration.js';
import { SeedSkillCatalog1732400000001 } from './migrations/1732400000001-seed-skill-catalog.migration.js';
import { Uploads1732400000002 } from './migrations/1732400000002-uploads.migration.js';
import { PortfolioItems1732400000003 } from './migrations/1732400000003-portfolio-items.migration.js';
import { SeedSkillCatalogV21795485871127 } from './migrations/1795485871127-seed-skill-catalog-v2.migration.js';
import { CatalogUserSkills1795506400000 } from './migrations/1795506400000-catalog-user-skills.migration.js';
import { SkillCatalogV31795508468327 } from './migrations/1795508468327-skill-catalog-v3.migration.js';
import { PeopleSnapshotAt1795940036090 } from './migrations/1795940036090-people-snapshot-at.migration.js';
import { portfolioConfig } from './portfolio.config.js';
import { PortfolioItemRepository } from './repositories/portfolio-item.repository.js';
import { ReadModelRepository } from './repositories/read-model.repository.js';
import { SkillRepository } from './repositories/skill.repository.js';
import { UserSkillRepository } from './repositories/user-skill.repository.js';
import { PortfolioItemService } from './services/portfolio-item.service.js';
import { PortfolioReviewService } from './services/portfolio-review.service.js';
import { SkillCatalogService } from './services/skill-catalog.service.js';
import { UserSkillService } from './services/user-skill.service.js';
import { uploadControllers, uploadProviders } from './uploads/uploads.providers.js';

/** Skills (the catalog and each user's skills), uploads, and portfolio items with their review (README.md). */
@Module({})
export class PortfolioModule {
  static forRoot(context: ServiceContext<typeof portfolioConfig>): DynamicModule {
    return {
      module: PortfolioModule,
      imports: [ServiceCoreModule.forRoot(context), FileStoreModule.forRoot(context)],
      controllers: [
        SkillsController,
        UserSkillsController,
        InternalController,
        PortfolioController,
        ProfileInternalController,
        ...uploadControllers,
      ],
      providers: [
        SkillRepository,
        UserSkillRepository,
        SkillCatalogService,
        UserSkillService,
        ...uploadProviders,
        PortfolioItemRepository,
        ReadModelRepository,
        PortfolioItemService,
        PortfolioReviewService,
        ReadModelConsumer,
        peopleConsumer(ReadModelRepository),
      ],
    };
  }
}

export const portfolioService: ServiceEntry<typeof portfolioConfig> = {
  definition: {
    name: 'portfolio',
    migrations: [
      SkillsTables1732400000000,
      SeedSkillCatalog1732400000001,
      Uploads1732400000002,
      PortfolioItems1732400000003,
      SeedSkillCatalogV21795485871127,
      CatalogUserSkills1795506400000,
      SkillCatalogV31795508468327,
      PeopleSnapshotAt1795940036090,
    ],
    config: portfolioConfig,
  },
  module: (context) => PortfolioModule.forRoot(context),
};
