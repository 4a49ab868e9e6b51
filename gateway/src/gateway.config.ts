import { ServiceRegistry, type ServiceName, serviceNames } from '@projectory/contracts';
import { infrastructureConfigSchema, withInfrastructureRules } from '@projectory/platform';
import { z } from 'zod';
import { sessionCacheConfig } from './session/identity-session-resolver.js';

const serviceUrlKeys = Object.fromEntries(
  serviceNames.map((name) => [serviceUrlKey(name), z.url().default(`http://127.0.0.1:${ServiceRegistry[name].port}`)]),
) as Record<`${Uppercase<ServiceName>}_URL`, z.ZodDefault<z.ZodURL>>;

export function serviceUrlKey(name: ServiceName): `${Uppercase<ServiceName>}_URL` {
  return `${name.toUpperCase() as Uppercase<ServiceName>}_URL`;
}

export const gatewayConfigSchema = withInfrastructureRules(
  infrastructureConfigSchema.extend({
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The public origin (https://… in production): cookies get `Secure` and sockets check Origin against it. */
    PUBLIC_ORIGIN: z.url().optional(),
    WEB_DIST_DIR: z.string().optional(),
    /**
     * Behind an ingress: the proxy's addresses or CIDRs (comma-separated), or `true` (trust everybody),
     * so that request.ip is the client's. A hop count is refused: fastify 5 would then trust nobody.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .refine((value) => !/^\d+$/.test(value), {
        message: 'a hop count is not supported: give the addresses or CIDRs of the proxy in front',
      })
      .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
    /** Requests per minute per client IP across /api. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** Body limit of /api/uploads (tus chunks); every other route uses BODY_LIMIT_BYTES. */
    UPLOAD_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(52 * 1024 * 1024),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** A request body still arriving after this long is cut with 408 (slow clients hold a connection each). */
    BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** The same for /api/uploads, whose chunks may be UPLOAD_LIMIT_BYTES large (tus resumes a cut chunk). */
    UPLOAD_BODY_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 60 * 1000),
    /** Request headers must arrive within this; an idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT_MS. */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    /** Above the idle timeout of a load balancer in front (60 s on most), so that it closes first. */
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
    /** At shutdown, requests still open after this long are cut so that the process can stop. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(3_000),
    /** Video calls: an invite nobody answered ends as missed after this long (API.md: 45 s). */
    CALL_RING_TIMEOUT_MS: z.coerce.number().int().positive().default(45_000),
    /** How long a match's status change heard by the gateway wins over messaging's answer to who may call whom (messaging may lag). */
    CALL_PARTICIPANTS_TTL_MS: z.coerce.number().int().positive().default(60_000),
    /** A tab in a call that lost its socket has this long to come back (connection state recovery) before the call ends. */
    CALL_DISCONNECT_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    ...sessionCacheConfig,
    ...serviceUrlKeys,
  }),
);

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
