import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters per key: in memory for one gateway, in Redis when several share the limit.
 * The memory one answers at once (no promise on the gateway's hot path).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): RateDecision | Promise<RateDecision>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  hit(key: string, limit: number, windowMs: number): RateDecision {
    const now = Date.now();
    if (now - this.lastSweep > windowMs) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'pj:rate',
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const redisKey = `${this.prefix}:${key}`;
    const results = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').pttl(redisKey).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }
}
