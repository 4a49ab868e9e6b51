import { fileURLToPath } from 'node:url';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp, createLogger, type EventBus, IdentitySigner, loadConfig } from '@projectory/platform';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { gatewayConfigSchema, type GatewayConfig } from './gateway.config.js';
import { GatewayModule } from './gateway.module.js';
import { registerProxy } from './proxy/proxy.js';
import { Upstreams } from './upstream/upstreams.js';
import { GatewayIoAdapter } from './realtime/socket-io.adapter.js';
import { installApiGuard } from './security/api-guard.js';
import { closeRefusedConnections, installConnectionTimeouts, installJsonOnly } from './security/connection-rules.js';
import { CsrfTokens } from './security/csrf.js';
import { MemoryRateLimiter, RedisRateLimiter } from '@projectory/platform';
import { SESSION_RESOLVER, type SessionResolver } from './session/session-resolver.js';
import { registerSecurityHeaders } from './security/security-headers.js';
import { loadWebApp, registerWebApp } from './web/web-static.js';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface GatewayRuntime {
  env?: NodeJS.ProcessEnv;
  eventBus?: EventBus;
  sessions?: SessionResolver;
}

/** Builds the gateway (not listening): the launcher, `main.ts` and the tests share this. */
export async function createGatewayApp(
  runtime: GatewayRuntime = {},
): Promise<{ app: NestFastifyApplication; config: GatewayConfig }> {
  const config = loadConfig('gateway', gatewayConfigSchema, runtime.env ?? process.env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const module = GatewayModule.forRoot({ config, logger, eventBus: runtime.eventBus, sessions: runtime.sessions });
  const app = await createHttpApp(module, {
    logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    configure: async (nest) => {
      const fastify = nest.getHttpAdapter().getInstance() as unknown as FastifyInstance;
      nest.useWebSocketAdapter(
        new GatewayIoAdapter(nest, { redisUrl: config.REDIS_URL, allowedOrigin: config.PUBLIC_ORIGIN }),
      );
      const webDir = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
      const web = loadWebApp(webDir);
      // First: every answer, including those the hooks below refuse, carries the security headers.
      registerSecurityHeaders(fastify, {
        publicOrigin: config.PUBLIC_ORIGIN,
        inlineScriptHashes: web?.inlineScriptHashes ?? [],
      });
      closeRefusedConnections(fastify);
      installApiGuard(fastify, {
        sessions: nest.get(SESSION_RESOLVER),
        csrf: nest.get(CsrfTokens),
        limiter: redis ? new RedisRateLimiter(redis) : new MemoryRateLimiter(),
        ratePerMinute: config.RATE_LIMIT_PER_MINUTE,
      });
      installJsonOnly(fastify);
      await registerProxy(fastify, {
        upstreams: nest.get(Upstreams),
        signer: nest.get(IdentitySigner),
        sessions: nest.get(SESSION_RESOLVER),
        bodyLimit: config.BODY_LIMIT_BYTES,
        uploadLimit: config.UPLOAD_LIMIT_BYTES,
        logger,
        bodyTimeoutMs: config.BODY_TIMEOUT_MS,
        uploadBodyTimeoutMs: config.UPLOAD_BODY_TIMEOUT_MS,
      });
      if (web) registerWebApp(fastify, web);
      else logger.warn({ dir: webDir }, 'web app not built: serving the API only');
      installConnectionTimeouts(nest.getHttpServer(), {
        headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
        keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
        requestTimeoutMs: Math.max(config.BODY_TIMEOUT_MS, config.UPLOAD_BODY_TIMEOUT_MS) + 60_000,
      });
      fastify.addHook('onClose', async () => {
        await nest.get(Upstreams).close(config.SHUTDOWN_GRACE_MS);
        await redis?.quit().catch(() => undefined);
      });
    },
  });
  return { app, config };
}
