import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_FILTER, HttpAdapterHost } from '@nestjs/core';
import { createEventBus, EVENT_BUS, HttpErrorFilter, IdentitySigner, LOGGER } from '@projectory/platform';
import type { Logger } from 'pino';
import type { EventBus } from '@projectory/platform';
import { CallCluster } from './calls/call-cluster.js';
import { CallParticipantsCache } from './calls/call-participants.js';
import { CallRegistry } from './calls/call-registry.js';
import { CallRelay } from './calls/call-relay.js';
import { CallSignalling } from './calls/call-signalling.js';
import { AdminActionsController } from './admin/admin-actions.controller.js';
import { DeadLettersController } from './admin/dead-letters.controller.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './gateway.config.js';
import { GatewayHealthController } from './health/gateway-health.controller.js';
import { Upstreams } from './upstream/upstreams.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
import { ConnectionReaper } from './security/connection-rules.js';
import { CsrfController } from './security/csrf.controller.js';
import { CsrfTokens } from './security/csrf.js';
import { DashboardController } from './dashboard/dashboard.controller.js';
import { AvatarController } from './profile/avatar.controller.js';
import { InternalCalls } from './upstream/internal-calls.js';
import { ProfileController } from './profile/profile.controller.js';
import { IdentitySessionResolver, sessionCacheOptions } from './session/identity-session-resolver.js';
import { SESSION_RESOLVER, type SessionResolver } from './session/session-resolver.js';

export interface GatewayContext {
  config: GatewayConfig;
  logger: Logger;
  /** The launcher's shared in-process bus; otherwise one is created from EVENT_BUS. */
  eventBus?: EventBus;
  /** Tests may replace identity's session lookup. */
  sessions?: SessionResolver;
}

@Module({})
export class GatewayModule {
  static forRoot(context: GatewayContext): DynamicModule {
    const providers: Provider[] = [
      { provide: GATEWAY_CONFIG, useValue: context.config },
      { provide: LOGGER, useValue: context.logger },
      {
        provide: EVENT_BUS,
        useFactory: () => context.eventBus ?? createEventBus(context.config, 'gateway', context.logger),
      },
      { provide: CsrfTokens, useValue: new CsrfTokens(context.config.INTERNAL_SECRET) },
      { provide: IdentitySigner, useValue: new IdentitySigner(context.config.INTERNAL_SECRET) },
      { provide: Upstreams, useValue: new Upstreams(context.config) },
      {
        provide: SESSION_RESOLVER,
        inject: [InternalCalls],
        useFactory: (calls: InternalCalls) =>
          context.sessions ?? new IdentitySessionResolver(calls, sessionCacheOptions(context.config)),
      },
      { provide: APP_FILTER, useValue: new HttpErrorFilter(context.logger) },
      {
        provide: ConnectionReaper,
        inject: [HttpAdapterHost],
        useFactory: (host: HttpAdapterHost) =>
          new ConnectionReaper(() => host.httpAdapter.getHttpServer(), context.config.SHUTDOWN_GRACE_MS),
      },
      RealtimeGateway,
      InternalCalls,
      CallParticipantsCache,
      CallRegistry,
      CallCluster,
      CallRelay,
      CallSignalling,
    ];
    return {
      module: GatewayModule,
      controllers: [
        GatewayHealthController,
        CsrfController,
        DashboardController,
        ProfileController,
        AvatarController,
        AdminActionsController,
        DeadLettersController,
      ],
      providers,
      exports: [Upstreams, CsrfTokens, IdentitySigner, SESSION_RESOLVER, EVENT_BUS],
    };
  }
}
