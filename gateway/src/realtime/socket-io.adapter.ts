import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { SOCKET_PATH } from '@projectory/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

/**
 * Socket.IO at /api/socket.io; with REDIS_URL, the Redis adapter lets every gateway instance reach
 * every socket. Connection-state recovery re-runs the middlewares, so a revoked session cannot resume.
 */
export class GatewayIoAdapter extends IoAdapter {
  private redis: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly options: { redisUrl?: string; allowedOrigin?: string },
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: SOCKET_PATH,
      serveClient: false,
      cors: undefined,
      maxHttpBufferSize: 1_000_000,
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        // Browsers always send Origin on WebSocket and cross-site XHR; same-origin polling may omit it.
        const allowed =
          !origin ||
          !this.options.allowedOrigin ||
          origin === this.options.allowedOrigin ||
          sameHost(origin, request.headers.host);
        callback(null, allowed);
      },
    } as ServerOptions) as Server;
    if (this.options.redisUrl) {
      const pub = new Redis(this.options.redisUrl);
      const sub = pub.duplicate();
      this.redis.push(pub, sub);
      server.adapter(createAdapter(pub, sub, { key: 'pj:socket.io' }));
    }
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.redis.map((client) => client.quit().catch(() => undefined)));
  }
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
