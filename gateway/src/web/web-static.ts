import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { NotFoundException } from '@projectory/platform';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for
 * every other non-/api path so that client-side routes survive a reload.
 */
export async function registerWebApp(fastify: FastifyInstance, distDir: string): Promise<boolean> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return false;
  const indexHtml = readFileSync(indexPath);
  await fastify.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders: (response, path) => {
      const immutable = path.includes(`${join(distDir, 'assets')}`);
      response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const sendIndex = async (request: { url: string }, reply: import('fastify').FastifyReply) => {
    if (request.url.startsWith('/api/')) throw new NotFoundException();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };
  fastify.get('/', sendIndex);
  fastify.get('/*', sendIndex);
  return true;
}
