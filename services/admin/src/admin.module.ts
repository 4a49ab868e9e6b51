import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';

@Module({})
export class AdminModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return { module: AdminModule, imports: [ServiceCoreModule.forRoot(context)] };
  }
}

export const adminService: ServiceEntry = {
  definition: { name: 'admin', migrations: [] },
  module: (context) => AdminModule.forRoot(context),
};
