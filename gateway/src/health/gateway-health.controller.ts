import { Controller, Get, Res } from '@nestjs/common';
import { serviceNames } from '@projectory/contracts';
import type { FastifyReply } from 'fastify';
import { Upstreams } from '../proxy/upstreams.js';

/** `GET /api/health`: every service's own health, fetched in parallel over the keep-alive pools. */
@Controller('api/health')
export class GatewayHealthController {
  constructor(private readonly upstreams: Upstreams) {}

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const results = await Promise.all(
      serviceNames.map(async (name) => {
        try {
          const response = await this.upstreams.get(name).request({
            method: 'GET',
            path: '/health',
            headersTimeout: 2000,
            bodyTimeout: 2000,
          });
          await response.body.dump();
          return [name, response.statusCode === 200 ? 'ok' : 'down'] as const;
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
