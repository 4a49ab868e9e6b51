// Ad-hoc experiment (to be deleted): minimal proxies for comparison with the gateway.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { signIdentity } from '@projectory/platform';
import { INTERNAL_IDENTITY_HEADER } from '@projectory/contracts';
const [mode, upstream] = process.argv.slice(2);
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => m?.type === 'cpu' && process.send({ type: 'cpu', id: m.id, usage: process.cpuUsage() }));
const secret = process.env.INTERNAL_SECRET;
const pool = new Pool(upstream, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
const anon = { userId: null, role: null, sessionId: null };
let server;
if (mode === 'minproxy') {
  server = createServer(async (req, res) => {
    try {
      const up = await pool.request({
        method: req.method, path: req.url,
        headers: { ...req.headers, host: undefined, connection: undefined, [INTERNAL_IDENTITY_HEADER]: signIdentity(secret, anon), 'x-correlation-id': randomUUID() },
      });
      const headers = {};
      for (const [k, v] of Object.entries(up.headers)) if (k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') headers[k] = v;
      res.writeHead(up.statusCode, headers);
      up.body.pipe(res);
    } catch (e) { res.writeHead(502).end(); }
  });
} else if (mode === 'minproxy-buffered') {
  server = createServer(async (req, res) => {
    try {
      const up = await pool.request({
        method: req.method, path: req.url,
        headers: { ...req.headers, host: undefined, connection: undefined, [INTERNAL_IDENTITY_HEADER]: signIdentity(secret, anon), 'x-correlation-id': randomUUID() },
      });
      const body = Buffer.from(await up.body.arrayBuffer());
      const headers = {};
      for (const [k, v] of Object.entries(up.headers)) if (k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') headers[k] = v;
      res.writeHead(up.statusCode, headers);
      res.end(body);
    } catch (e) { res.writeHead(502).end(); }
  });
} else if (mode === 'fastify-proxy') {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/api/*', async (req, reply) => {
    const up = await pool.request({
      method: req.method, path: req.url,
      headers: { ...req.headers, host: undefined, connection: undefined, [INTERNAL_IDENTITY_HEADER]: signIdentity(secret, anon), 'x-correlation-id': randomUUID() },
    });
    reply.code(up.statusCode);
    for (const [k, v] of Object.entries(up.headers)) if (k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') reply.header(k, v);
    return reply.send(up.body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ type: 'ready', port: app.server.address().port });
}
if (server) { await new Promise((r) => server.listen(0, '127.0.0.1', r)); process.send({ type: 'ready', port: server.address().port }); }
