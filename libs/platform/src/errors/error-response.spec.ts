import net from 'node:net';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { ValidationException } from './app.exception.js';
import { toErrorResponse } from './error-response.js';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A "database" that accepts a connection and then hangs up or says nothing, as a dying server does. */
async function fakeServer(behaviour: 'hang-up' | 'silent'): Promise<net.Server & { port: number }> {
  const server = net.createServer((socket) => {
    if (behaviour === 'hang-up') socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, { port: (server.address() as net.AddressInfo).port });
}

async function connectionError(client: pg.Client | pg.Pool): Promise<Error> {
  try {
    if (client instanceof pg.Client) await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    return error as Error;
  } finally {
    await client.end().catch(() => undefined);
  }
  throw new Error('the query unexpectedly succeeded');
}

describe('toErrorResponse for an unreachable database', () => {
  const servers: net.Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After and the correlation id to a refused connection', async () => {
    const error = await connectionError(new pg.Client({ host: '127.0.0.1', port: await closedPort() }));
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    const { body, headers } = toErrorResponse(error, 'corr-1');
    expect(body).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.any(String),
      correlationId: 'corr-1',
    });
    expect(Number(headers?.['retry-after'])).toBeGreaterThan(0);
  });

  it("maps pg's dropped connection, also inside TypeORM's QueryFailedError", async () => {
    const server = await fakeServer('hang-up');
    servers.push(server);
    const dropped = await connectionError(new pg.Client({ host: '127.0.0.1', port: server.port }));
    expect(dropped.message).toMatch(/^Connection terminated/);
    expect(toErrorResponse(dropped).body.statusCode).toBe(503);
    const wrapped = new QueryFailedError('SELECT 1', [], dropped);
    expect(toErrorResponse(wrapped).body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('maps a pool that found no connection in time', async () => {
    const server = await fakeServer('silent');
    servers.push(server);
    const pool = new pg.Pool({ host: '127.0.0.1', port: server.port, connectionTimeoutMillis: 100 });
    const error = await connectionError(pool);
    expect(toErrorResponse(error).body.statusCode).toBe(503);
  });

  it('leaves other failures alone: a bug stays a 500, bad input a 400', () => {
    expect(toErrorResponse(new Error('boom')).body).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR' });
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' });
    expect(toErrorResponse(new QueryFailedError('SELEC 1', [], syntax)).body.statusCode).toBe(500);
    expect(toErrorResponse(new ValidationException([])).body.statusCode).toBe(400);
  });
});
