import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { MatchCompletedConsumer } from './consumers/match-completed.consumer.js';
import { CredentialsController } from './controllers/credentials.controller.js';
import { InternalController } from './controllers/internal.controller.js';
import { credentialsConfig } from './credentials.config.js';
import { CredentialUrls } from './domain/open-badge.js';
import { IssuerKeys } from './keys/issuer-keys.js';
import { CredentialsTables1796200000000 } from './migrations/1796200000000-credentials-tables.migration.js';
import { CredentialRecipient1796200000100 } from './migrations/1796200000100-credential-recipient.migration.js';
import { CredentialRepository } from './repositories/credential.repository.js';
import { StatusListRepository } from './repositories/status-list.repository.js';
import { CredentialsService } from './services/credentials.service.js';
import { IssuanceService } from './services/issuance.service.js';

/**
 * Open Badges 3.0 credentials for completed matches (README.md, ADR 0020): issued from matching's
 * MatchCompleted, signed as VC-JWTs with the issuer's Ed25519 key, revocable through W3C Bitstring
 * Status Lists; the credential, issuer, JWKS and status lists are public.
 */
@Module({})
export class CredentialsModule {
  static forRoot(context: ServiceContext<typeof credentialsConfig>): DynamicModule {
    return {
      module: CredentialsModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [CredentialsController, InternalController],
      providers: [
        CredentialRepository,
        StatusListRepository,
        IssuanceService,
        CredentialsService,
        MatchCompletedConsumer,
        // Without a signing key the service does not start (MissingSigningKeyError says what to set).
        { provide: IssuerKeys, useFactory: () => IssuerKeys.load(context.config) },
        { provide: CredentialUrls, useValue: new CredentialUrls(context.config.PUBLIC_ORIGIN) },
      ],
    };
  }
}

export const credentialsService: ServiceEntry<typeof credentialsConfig> = {
  definition: {
    name: 'credentials',
    migrations: [CredentialsTables1796200000000, CredentialRecipient1796200000100],
    config: credentialsConfig,
  },
  module: (context) => CredentialsModule.forRoot(context),
};
