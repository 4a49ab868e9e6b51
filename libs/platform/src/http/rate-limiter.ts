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

/** INCR, the window's expiry on the first hit, and what is left of it: one command, one reply. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return {count, redis.call('PTTL', KEYS[1])}
`;

/**
 * The shared counter, one round trip per request: a script (EVALSHA, ioredis loads it on NOSCRIPT)
 * rather than MULTI/INCR/PEXPIRE/PTTL/EXEC, five commands and replies for the gateway and Redis to
 * write and parse on every /api request.
 */
type ScriptedRedis = Redis & { pjRateHit(key: string, windowMs: number): Promise<[number, number]> };

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: ScriptedRedis;

  constructor(
    redis: Redis,
    private readonly prefix = 'pj:rate',
  ) {
    if (!('pjRateHit' in redis)) redis.defineCommand('pjRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const [count, ttl] = await this.redis.pjRateHit(`${this.prefix}:${key}`, windowMs);
    return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)) };
  }
}
