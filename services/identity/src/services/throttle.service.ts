import { Injectable } from '@nestjs/common';
import { CommonErrorCode } from '@projectory/contracts';
import { AppException } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { ThrottleRepository } from '../repositories/throttle.repository.js';

export interface ThrottleRule {
  key: string;
  limit: number;
  windowMinutes: number;
}

export class TooManyAttemptsException extends AppException {
  constructor(retryAfterSeconds: number) {
    super(429, CommonErrorCode.RateLimited, 'Too many attempts. Please try again later.', undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/**
 * Fixed-window counters in identity's own table, so that every identity instance shares them and a
 * restart forgets nothing. Used for failed logins (per account, per IP), sign-ups and reset mails.
 */
@Injectable()
export class ThrottleService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly counters: ThrottleRepository,
  ) {}

  /** Throws 429 (with Retry-After) when any rule's window is already full; counts nothing. */
  async assertAllowed(rules: ThrottleRule[]): Promise<void> {
    const rows = await this.counters.findOpen(this.dataSource, rules);
    const blocked = rows.filter((row) => row.count >= rules.find((rule) => rule.key === row.key)!.limit);
    if (blocked.length > 0) throw new TooManyAttemptsException(Math.max(1, ...blocked.map((row) => row.retry_after)));
  }

  /** Counts one attempt against each rule (a window that has passed starts again at 1). */
  async hit(rules: ThrottleRule[]): Promise<void> {
    for (const rule of rules) await this.counters.hit(this.dataSource, rule);
  }

  /** Refuses when a window is full, else counts the attempt: for actions limited whether or not they succeed. */
  async consume(rules: ThrottleRule[]): Promise<void> {
    await this.assertAllowed(rules);
    await this.hit(rules);
  }

  async clear(key: string): Promise<void> {
    await this.counters.clear(this.dataSource, key);
  }
}
