import { type ServiceName, serviceNames } from '@projectory/contracts';
import { Pool } from 'undici';
import { type GatewayConfig, serviceUrlKey } from '../gateway.config.js';

/**
 * One keep-alive connection pool per service (ARCHITECTURE §1: without keep-alive a Node proxy
 * collapses under load).
 */
export class Upstreams {
  private readonly pools = new Map<ServiceName, Pool>();

  constructor(config: GatewayConfig) {
    for (const name of serviceNames) {
      this.pools.set(
        name,
        new Pool(config[serviceUrlKey(name)], {
          connections: 64,
          pipelining: 1,
          keepAliveTimeout: 30_000,
          headersTimeout: config.UPSTREAM_TIMEOUT_MS,
          bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
        }),
      );
    }
  }

  get(name: ServiceName): Pool {
    return this.pools.get(name)!;
  }

  /** Lets requests in flight finish for `graceMs`, then ends those still running (a slow upload's). */
  async close(graceMs = 0): Promise<void> {
    await Promise.all(
      [...this.pools.values()].map(async (pool) => {
        let timer: NodeJS.Timeout | undefined;
        const cut = new Promise<void>((resolve) => {
          timer = setTimeout(() => void pool.destroy().then(resolve, resolve), graceMs);
        });
        await Promise.race([pool.close(), cut]);
        clearTimeout(timer);
      }),
    );
  }
}
