import { Controller, Get, Res } from '@nestjs/common';
import { serviceNames } from '@projectory/contracts';
import type { FastifyReply } from 'fastify';
import { ANONYMOUS, InternalCalls } from '../upstream/internal-calls.js';

/** `GET /api/health`: every service's own health, fetched in parallel over the keep-alive pools. */
@Controller('api/health')
export class GatewayHealthController {
  constructor(private readonly calls: InternalCalls) {}

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const results = await Promise.all(
      serviceNames.map(async (name) => {
        try {
          const answer = await this.calls.call(name, ANONYMOUS, 'GET', '/health', undefined, { timeoutMs: 2000 });
          return [name, answer.status === 200 ? 'ok' : 'down'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const services = Object.fromEntries(results);
    const ok = results.every(([, status]) => status === 'ok');
    void reply.status(ok ? 200 : 503).header('cache-control', 'no-store');
    return { status: ok ? 'ok' : 'degraded', services };
  }

  /** `GET /api/health/live`: the gateway itself answers, whatever the services do. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }
}
