import { Injectable } from '@nestjs/common';
import { queryRows, type Runner } from '@projectory/platform';

export interface ThrottleWindow {
  key: string;
  windowMinutes: number;
}

export interface OpenWindowRow {
  key: string;
  count: number;
  /** Seconds until the window ends, rounded up. */
  retry_after: number;
}

/** The fixed-window counters of the `throttle` table, one row per key. */
@Injectable()
export class ThrottleRepository {
  /** The counters of the given keys whose window (of the length given per key) is still open. */
  findOpen(runner: Runner, windows: ThrottleWindow[]): Promise<OpenWindowRow[]> {
    return queryRows<OpenWindowRow>(
      runner,
      `SELECT key, count, ceil(extract(epoch FROM window_start + make_interval(mins => w.minutes) - now()))::int AS retry_after
         FROM throttle JOIN unnest($1::text[], $2::int[]) AS w(key, minutes) USING (key)
        WHERE window_start + make_interval(mins => w.minutes) > now()`,
      [windows.map((window) => window.key), windows.map((window) => window.windowMinutes)],
    );
  }

  /** Counts one attempt; a window that has passed starts again at 1. */
  async hit(runner: Runner, window: ThrottleWindow): Promise<void> {
    await queryRows(
      runner,
      `INSERT INTO throttle (key, window_start, count) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN throttle.window_start + make_interval(mins => $2) <= now() THEN 1 ELSE throttle.count + 1 END,
         window_start = CASE WHEN throttle.window_start + make_interval(mins => $2) <= now() THEN now() ELSE throttle.window_start END`,
      [window.key, window.windowMinutes],
    );
  }

  async clear(runner: Runner, key: string): Promise<void> {
    await queryRows(runner, 'DELETE FROM throttle WHERE key = $1', [key]);
  }
}
