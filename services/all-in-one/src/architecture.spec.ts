import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { serviceNames } from '@projectory/contracts';
import ts from 'typescript';
import { allServices } from './services.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1]!);

/**
 * The list of services is written in several places that nothing else ties together; a service
 * added or removed in one and not the others fails at deploy time. Every place must name the same
 * services as the registry in libs/contracts (services.ts).
 */
describe('the list of services', () => {
  const expected = sorted(serviceNames);
  const places: Record<string, () => string[]> = {
    'the launcher (services/all-in-one/src/services.ts)': () => allServices.map((entry) => entry.definition.name),
    'the service folders (services/*)': () =>
      readdirSync(join(root, 'services'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== 'all-in-one')
        .map((entry) => entry.name),
    "the launcher's dependencies (services/all-in-one/package.json)": () =>
      matches(read('services/all-in-one/package.json'), /"@projectory\/service-([a-z-]+)"/g),
    "the launcher's build references (services/all-in-one/tsconfig.json)": () =>
      matches(read('services/all-in-one/tsconfig.json'), /"path": "\.\.\/([a-z-]+)"/g),
    'the package scripts (start:<service>)': () =>
      Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts)
        .filter((script) => script.startsWith('start:') && script !== 'start:gateway')
        .map((script) => script.slice('start:'.length)),
    'the Docker entrypoint (deploy/docker-entrypoint.sh SERVICES)': () =>
      read('deploy/docker-entrypoint.sh')
        .match(/^SERVICES='([^']*)'/m)![1]!
        .split(/\s+/),
    'the Kubernetes kustomization (resources)': () =>
      matches(read('deploy/k8s/kustomization.yaml'), /^\s+- services\/([a-z-]+)\.yaml$/gm),
    'the Kubernetes manifests (deploy/k8s/services/*.yaml)': () =>
      readdirSync(join(root, 'deploy/k8s/services')).map((file) => file.replace(/\.yaml$/, '')),
    "the gateway's upstreams in Kubernetes (configmap <SERVICE>_URL)": () =>
      matches(read('deploy/k8s/configmap.yaml'), /^\s+([A-Z]+)_URL: http:/gm).map((name) => name.toLowerCase()),
    'Docker Compose (SERVICE: <name>)': () =>
      matches(read('docker-compose.yml'), /^\s+SERVICE: ([a-z-]+)$/gm).filter(
        (name) => name !== 'migrate' && name !== 'gateway',
      ),
    "the gateway's upstreams in Docker Compose (<SERVICE>_URL)": () =>
      matches(read('docker-compose.yml'), /^\s+([A-Z]+)_URL: http:/gm).map((name) => name.toLowerCase()),
  };

  it.each(Object.keys(places))('%s names every service, and no other', (place) => {
    expect(sorted(places[place]!())).toEqual(expected);
  });
});

/** Files of a service's source outside the folders that may speak SQL (ADR 0009). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !/\/(repositories|migrations)\//.test(file));
}

/** ADR 0009: a service reaches its tables only through its repositories. */
describe('data access', () => {
  // Generic calls too: `queryRows<Row>(`, `manager.query<Row[]>(`.
  const dataCalls = /\b(?:queryRows|getRepository|createQueryBuilder)\b|\.query(?:<[^>]*>)?\(/;
  const services = serviceNames.map((name) => `services/${name}/src`);

  it.each(services)('%s runs no SQL outside repositories/ and migrations/', (dir) => {
    const offenders = sourceFiles(dir).filter((file) => dataCalls.test(read(file)));
    expect(offenders).toEqual([]);
  });

  it.each(services)('%s has no TypeORM entities', (dir) => {
    const entities = readdirSync(join(root, dir), { recursive: true }).filter((file) =>
      String(file).endsWith('.entity.ts'),
    );
    expect(entities).toEqual([]);
  });
});

/** Every TypeScript file (specs too) below the `src` and `test` folders of the given packages that exist. */
function typeScriptFiles(packages: string[], folders: string[]): string[] {
  return packages
    .flatMap((pkg) => folders.map((folder) => join(pkg, folder)))
    .filter((dir) => existsSync(join(root, dir)))
    .flatMap((dir) =>
      readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
        .map((entry) => relative(root, join(entry.parentPath, entry.name))),
    )
    .sort();
}

/** `file:line: text` of each node the predicate picks in the file's syntax tree (comments are not nodes). */
function findNodes(file: string, pick: (node: ts.Node) => boolean): string[] {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (pick(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${file}:${line}: ${node.getText(source).split('\n')[0]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const packagesOf = (...globs: string[]) =>
  globs.flatMap((glob) =>
    glob.endsWith('/*')
      ? readdirSync(join(root, glob.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${glob.slice(0, -2)}/${entry.name}`)
      : [glob],
  );

/**
 * ADR 0009: repositories take the runner (`DataSource | EntityManager`) first. The type is
 * `Runner` from `@projectory/platform`, declared once beside `queryRows`; a copy elsewhere drifts.
 */
describe('the runner type', () => {
  const isRunnerAlias = (node: ts.Node) => {
    if (!ts.isTypeAliasDeclaration(node)) return false;
    if (node.name.text === 'Runner') return true;
    if (!ts.isUnionTypeNode(node.type)) return false;
    const members = new Set(node.type.types.map((type) => type.getText().replace(/^typeorm\./, '')));
    return members.has('DataSource') && members.has('EntityManager');
  };

  it('is declared only in libs/platform: no other file has its own `type Runner =` or DataSource | EntityManager alias', () => {
    const files = typeScriptFiles(
      packagesOf('services/*', 'gateway', 'libs/*').filter((pkg) => pkg !== 'libs/platform'),
      ['src', 'test'],
    );
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => /\bRunner\b|\bEntityManager\b/.test(read(file)))
      .flatMap((file) => findNodes(file, isRunnerAlias));
    expect(offenders).toEqual([]);
  });
});

/**
 * A service's internal routes (`/internal/...`, the gateway's calls to it) are contract: their paths are
 * constants or path functions in libs/contracts (`AdminInternalPaths`, `DASHBOARD_INTERNAL_PATH`, ...),
 * so a caller and the owner cannot drift apart. Controllers' relative `@Controller('internal/...')`
 * decorators are not full paths and stay as they are.
 */
describe('internal paths', () => {
  const internalPath = /^\/internal(?:\/|$)/;
  const isInternalPathLiteral = (node: ts.Node) =>
    (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) &&
    internalPath.test(node.text);

  it('are written only in libs/contracts: no `/internal/...` string literal in services, the gateway or the other libs', () => {
    const files = typeScriptFiles(packagesOf('services/*', 'gateway', 'libs/platform', 'libs/testing'), ['src']);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => /\/internal\b/.test(read(file)))
      .flatMap((file) => findNodes(file, isInternalPathLiteral));
    expect(offenders).toEqual([]);
  });
});

/**
 * Periodic work (sweepers, reconcilers) is a `@Periodic` job (`JobQueue.every`): it starts and stops with
 * the app, runs once per period among the processes sharing Redis, and leaves no timer behind. A
 * `setInterval` in a service or the gateway is a sweeper beside it, run by every replica at once.
 */
describe('periodic work', () => {
  /**
   * Timers that are not sweepers, each justified: they watch or trim this process's own memory, so every
   * process must run its own, and neither can wait for a job queue.
   */
  const allowed: Record<string, string> = {
    // The embedded launcher's probe of the apps it supervises (their DataSource): its own children.
    'services/all-in-one/src/app-supervisor.ts': 'supervision of the apps in this process',
    // Trims the packets this gateway process keeps for Socket.IO recovery (ADR 0018): its own heap.
    'gateway/src/realtime/recovery-adapter.ts': "trimming this process's recovery buffer",
  };
  const isSetInterval = (node: ts.Node) =>
    ts.isCallExpression(node) &&
    (ts.isIdentifier(node.expression)
      ? node.expression.text === 'setInterval'
      : ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'setInterval');

  it('has no setInterval in services/*/src and gateway/src, but for the allowed timers', () => {
    const files = typeScriptFiles(packagesOf('services/*', 'gateway'), ['src']);
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .filter((file) => read(file).includes('setInterval'))
      .flatMap((file) => findNodes(file, isSetInterval));
    const offenders = found.filter((hit) => !(hit.split(':')[0]! in allowed));
    expect(offenders).toEqual([]);
    // An allowance outlives its timer only until this fails: then it goes.
    const used = new Set(found.map((hit) => hit.split(':')[0]!));
    expect(Object.keys(allowed).filter((file) => !used.has(file))).toEqual([]);
  });
});

/**
 * The gateway has one client for its own calls to the services (`gateway/src/upstream/internal-calls.ts`:
 * the signed identity, the correlation id, timeouts, a 503 for an unreachable service) and the proxy,
 * which streams requests through. Nothing else takes a service's connection pool (`upstreams.get(…)`).
 */
describe('the gateway upstream client', () => {
  const owners = ['gateway/src/upstream/internal-calls.ts', 'gateway/src/proxy/proxy.ts'];
  const isPoolTaken = (node: ts.Node) =>
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'get' &&
    /\bupstreams$/.test(node.expression.expression.getText());

  it('is InternalCalls: only it and the proxy take a service pool', () => {
    const files = typeScriptFiles(['gateway'], ['src']).filter((file) => !file.endsWith('.spec.ts'));
    expect(files.length).toBeGreaterThan(20);
    const found = files
      .filter((file) => read(file).includes('upstreams'))
      .flatMap((file) => findNodes(file, isPoolTaken));
    expect(found.filter((hit) => !owners.includes(hit.split(':')[0]!))).toEqual([]);
    expect(new Set(found.map((hit) => hit.split(':')[0]!))).toEqual(new Set(owners));
  });
});

/**
 * The outbox is the platform's table (ADR 0002): OutboxService writes it, and a service whose own
 * statement carries its events (messaging's chat send, ADR 0017) composes `OUTBOX_INSERT`.
 */
describe('the outbox', () => {
  it('is written by the platform alone: no service spells INSERT INTO outbox', () => {
    const files = typeScriptFiles(packagesOf('services/*', 'gateway'), ['src']).filter(
      (file) => !file.endsWith('.spec.ts'),
    );
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => /INSERT\s+INTO\s+outbox\b/i.test(read(file)));
    expect(offenders).toEqual([]);
  });
});
