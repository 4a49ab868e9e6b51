import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';

@Module({})
export class CareersModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return { module: CareersModule, imports: [ServiceCoreModule.forRoot(context)] };
  }
}

export const careersService: ServiceEntry = {
  definition: { name: 'careers', migrations: [] },
  module: (context) => CareersModule.forRoot(context),
};
