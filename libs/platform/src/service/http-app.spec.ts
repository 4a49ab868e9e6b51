import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CORRELATION_ID_HEADER } from '@projectory/contracts';
import { createLogger } from '../logging/logger.js';
import { createHttpApp } from './http-app.js';

@Module({})
class EmptyModule {}

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('createHttpApp: errors of the HTTP parser', () => {
  let app: NestFastifyApplication;
  let port: number;

  beforeAll(async () => {
    app = await createHttpApp({ module: EmptyModule }, { logger: createLogger('test', 'silent'), bodyLimit: 1024 });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(() => app.close());

  it('answers headers over 16 KB with 431 in the public error shape, with a correlation id', async () => {
    const answer = await rawRequest(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    const error = JSON.parse(body!) as Record<string, unknown>;
    expect(error).toMatchObject({ statusCode: 431, code: 'HEADERS_TOO_LARGE' });
    expect(head).toContain(`${CORRELATION_ID_HEADER}: ${String(error.correlationId)}`);
  });

  it('answers a malformed request line with 400 in the public error shape', async () => {
    const answer = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({
      statusCode: 400,
      correlationId: expect.any(String),
    });
  });
});
