import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { InternalController } from './controllers/internal.controller.js';
import { SkillsController } from './controllers/skills.controller.js';
import { UserSkillsController } from './controllers/user-skills.controller.js';
import { SkillsTables1732400000000 } from './migrations/1732400000000-skills-tables.migration.js';
import { SeedSkillCatalog1732400000001 } from './migrations/1732400000001-seed-skill-catalog.migration.js';
import { Uploads1732400000002 } from './migrations/1732400000002-uploads.migration.js';
import { portfolioConfig } from './portfolio.config.js';
import { SkillRepository } from './repositories/skill.repository.js';
import { UserSkillRepository } from './repositories/user-skill.repository.js';
import { SkillCatalogService } from './services/skill-catalog.service.js';
import { UserSkillService } from './services/user-skill.service.js';
import { uploadProviders } from './uploads/uploads.providers.js';

/** Skills (the catalog and each user's skills); portfolio items and uploads join here later. */
@Module({})
export class PortfolioModule {
  static forRoot(context: ServiceContext<typeof portfolioConfig>): DynamicModule {
    return {
      module: PortfolioModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [SkillsController, UserSkillsController, InternalController],
      providers: [SkillRepository, UserSkillRepository, SkillCatalogService, UserSkillService, ...uploadProviders],
    };
  }
}

export const portfolioService: ServiceEntry<typeof portfolioConfig> = {
  definition: {
    name: 'portfolio',
    migrations: [SkillsTables1732400000000, SeedSkillCatalog1732400000001, Uploads1732400000002],
    config: portfolioConfig,
  },
  module: (context) => PortfolioModule.forRoot(context),
};
