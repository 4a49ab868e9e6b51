import { type DynamicModule, Module } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { MailerService, type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { AdminUsersController } from './controllers/admin-users.controller.js';
import { AuthController } from './controllers/auth.controller.js';
import { BrowserRedirectsController } from './controllers/browser-redirects.controller.js';
import { InternalController } from './controllers/internal.controller.js';
import { ProfileInternalController } from './controllers/profile-internal.controller.js';
import { UsersController } from './controllers/users.controller.js';
import { VerificationController } from './controllers/verification.controller.js';
import { identityConfig } from './identity.config.js';
import { PasswordResetMailJob } from './jobs/password-reset-mail.job.js';
import { VerificationMailJob } from './jobs/verification-mail.job.js';
import { IdentityTables1732300000000 } from './migrations/1732300000000-identity-tables.migration.js';
import { ProfileFields1795600000000 } from './migrations/1795600000000-profile-fields.migration.js';
import { Suspension1797100000100 } from './migrations/1797100000100-suspension.migration.js';
import { EmployerVerification1797500000000 } from './migrations/1797500000000-employer-verification.migration.js';
import { Discoverable1797600000000 } from './migrations/1797600000000-discoverable.migration.js';
import { PasswordResetRepository } from './repositories/password-reset.repository.js';
import { SessionRepository } from './repositories/session.repository.js';
import { ThrottleRepository } from './repositories/throttle.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { VerificationRepository } from './repositories/verification.repository.js';
import { DeviceCookieService } from './services/device-cookie.service.js';
import { OidcService } from './services/oidc.service.js';
import { PasswordResetService } from './services/password-reset.service.js';
import { PasswordService } from './services/password.service.js';
import { SessionService } from './services/session.service.js';
import { ThrottleService } from './services/throttle.service.js';
import { UserAdminService } from './services/user-admin.service.js';
import { UserService } from './services/user.service.js';
import { VerificationService } from './services/verification.service.js';

/** Accounts, sessions, password resets, OpenID Connect sign-in, the onboarding record and employer verification. */
@Module({})
export class IdentityModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return {
      module: IdentityModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [
        AuthController,
        UsersController,
        BrowserRedirectsController,
        InternalController,
        ProfileInternalController,
        AdminUsersController,
        VerificationController,
      ],
      providers: [
        UserRepository,
        SessionRepository,
        PasswordResetRepository,
        ThrottleRepository,
        PasswordService,
        SessionService,
        DeviceCookieService,
        ThrottleService,
        UserService,
        MailerService,
        PasswordResetService,
        PasswordResetMailJob,
        OidcService,
        UserAdminService,
        VerificationRepository,
        VerificationService,
        VerificationMailJob,
      ],
    };
  }
}

export const identityService: ServiceEntry<typeof identityConfig> = {
  definition: {
    name: 'identity',
    migrations: [
      IdentityTables1732300000000,
      ProfileFields1795600000000,
      Suspension1797100000100,
      EmployerVerification1797500000000,
      Discoverable1797600000000,
    ],
    queues: [Queues.IdentityPasswordResetMail, Queues.IdentityVerificationMail],
    config: identityConfig,
  },
  module: (context) => IdentityModule.forRoot(context),
};
