import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';

@Module({})
export class PortfolioModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return { module: PortfolioModule, imports: [ServiceCoreModule.forRoot(context)] };
  }
}

export const portfolioService: ServiceEntry = {
  definition: { name: 'portfolio', entities: [], migrations: [] },
  module: (context) => PortfolioModule.forRoot(context),
};
