import type { ServiceEntry } from '@projectory/platform';
import { adminService } from '@projectory/service-admin';
import { assessmentService } from '@projectory/service-assessment';
import { careersService } from '@projectory/service-careers';
import { credentialsService } from '@projectory/service-credentials';
import { identityService } from '@projectory/service-identity';
import { matchingService } from '@projectory/service-matching';
import { messagingService } from '@projectory/service-messaging';
import { portfolioService } from '@projectory/service-portfolio';
import { projectsService } from '@projectory/service-projects';

/** Every backend service, composed by the launcher; a new service is one line here. */
export const allServices: ServiceEntry[] = [
  identityService,
  assessmentService,
  matchingService,
  projectsService,
  portfolioService,
  messagingService,
  careersService,
  adminService,
  credentialsService,
];
