import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';

@Module({})
export class MatchingModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return { module: MatchingModule, imports: [ServiceCoreModule.forRoot(context)] };
  }
}

export const matchingService: ServiceEntry = {
  definition: { name: 'matching', entities: [], migrations: [] },
  module: (context) => MatchingModule.forRoot(context),
};
