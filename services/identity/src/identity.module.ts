import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';

@Module({})
export class IdentityModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return { module: IdentityModule, imports: [ServiceCoreModule.forRoot(context)] };
  }
}

export const identityService: ServiceEntry = {
  definition: { name: 'identity', entities: [], migrations: [] },
  module: (context) => IdentityModule.forRoot(context),
};
