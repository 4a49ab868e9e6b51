import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { serviceNames } from '@projectory/contracts';
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
