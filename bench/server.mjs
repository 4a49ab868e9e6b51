// A benchmark server in its own process, so its CPU is its own: `node bench/server.mjs bare|service|gateway|projects`.
// Started by bench/lib.mjs with an IPC channel. It listens on a port the OS picks (port 0) and reports
// `{ type: 'ready', port }`; it answers `{ type: 'cpu' }` with `process.cpuUsage()` (user + system µs of
// the whole process, every thread). It exits when the parent goes away (IPC disconnect) or on SIGTERM,
// through process.exit so that `--cpu-prof` can write its profile.
import { createServer } from 'node:http';
import { answerUsageRequests, portOf } from './child.mjs';

const mode = process.argv[2];
const exit = (code = 0) => process.exit(code);
process.on('SIGTERM', () => exit(0));
process.on('SIGINT', () => exit(0));
process.on('disconnect', () => exit(0));
answerUsageRequests();

/** The same JSON as libs/testing/src/fixtures/bench.service.ts (bench/lib.mjs checks the bodies match). */
function benchProject() {
  return {
    id: '5f3c1a9e-2b7d-4e61-9c8a-0d4f6b2e7a13',
    title: 'Redesign the onboarding flow of a student app',
    employer: 'Northwind Labs',
    remote: true,
    durationWeeks: 6,
    tags: ['react', 'ux-research', 'typescript', 'accessibility'],
    compensation: ['mentorship', 'portfolio'],
    createdAt: '2025-01-15T09:30:00.000Z',
  };
}

async function bare() {
  // The baseline: what node:http itself costs for the same JSON (keep-alive, no framework, no checks).
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/api/projects/bench') {
      const body = JSON.stringify(benchProject());
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    } else {
      response.writeHead(404).end();
    }
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return portOf(server);
}

async function service() {
  const { createServiceApp, MemoryEventBus, MemoryJobQueue } = await import('@projectory/platform');
  const { benchService } = await import('../libs/testing/dist/fixtures/bench.service.js');
  const { app } = await createServiceApp(benchService, {
    env: process.env,
    eventBus: new MemoryEventBus(),
    jobQueue: new MemoryJobQueue(),
  });
  await app.listen(0, '127.0.0.1');
  return portOf(app.getHttpServer());
}

async function gateway() {
  const { MemoryEventBus } = await import('@projectory/platform');
  const { createGatewayApp } = await import('@projectory/gateway');
  const { app } = await createGatewayApp({ env: process.env, eventBus: new MemoryEventBus() });
  await app.listen(0, '127.0.0.1');
  return portOf(app.getHttpServer());
}

async function projects() {
  // The projects service for B4/B5 (bench/projects-fixture.mjs), built as its main.js builds it:
  // createServiceApp with services/projects' entry and configuration from the environment.
  const { createServiceApp } = await import('@projectory/platform');
  const { projectsService } = await import('../services/projects/dist/index.js');
  const { app } = await createServiceApp(projectsService, { env: process.env });
  await app.listen(0, '127.0.0.1');
  return portOf(app.getHttpServer());
}

/** A service as its main.js builds it (built dist, configuration from the environment): B15's identity and portfolio. */
const builtService = (name, entry) => async () => {
  const { createServiceApp } = await import('@projectory/platform');
  const module = await import(`../services/${name}/dist/index.js`);
  const { app } = await createServiceApp(module[entry], { env: process.env });
  await app.listen(0, '127.0.0.1');
  return portOf(app.getHttpServer());
};

const modes = {
  bare,
  service,
  gateway,
  projects,
  identity: builtService('identity', 'identityService'),
  portfolio: builtService('portfolio', 'portfolioService'),
};
if (!modes[mode]) {
  console.error(`usage: node bench/server.mjs ${Object.keys(modes).join('|')}`);
  exit(2);
}
try {
  const port = await modes[mode]();
  process.send({ type: 'ready', port });
} catch (error) {
  console.error(error);
  exit(1);
}
