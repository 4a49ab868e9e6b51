import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/decorators.js';

export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');
export const SERVICE_NAME = Symbol('SERVICE_NAME');

export type HealthStatus = 'ok' | 'down';

export async function runHealthChecks(checks: HealthCheck[], timeoutMs = 2000): Promise<Record<string, HealthStatus>> {
  const entries = await Promise.all(
    checks.map(async (item): Promise<[string, HealthStatus]> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      });
      try {
        await Promise.race([item.check(), timeout]);
        return [item.name, 'ok'];
      } catch {
        return [item.name, 'down'];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(entries);
}

/** `GET /health`: the service and each dependency it needs; 503 when any is down (readiness probes). */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[],
  ) {}

  @Public()
  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const dependencies = await runHealthChecks(this.checks);
    const ok = Object.values(dependencies).every((status) => status === 'ok');
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'down', service: this.service, dependencies };
  }

  /** `GET /health/live`: the process answers (liveness probes must not fail on a database blip). */
  @Public()
  @Get('live')
  live() {
    return { status: 'ok', service: this.service };
  }
}
