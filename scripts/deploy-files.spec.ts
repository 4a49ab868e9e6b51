// The deployment files are checked, not only read: the Kubernetes manifests as kustomize would
// render them (deploy/k8s/kustomization.yaml: resources, namespace, labels, patches) against the
// Kubernetes schemas of kubernetes-models, unknown fields included; docker-compose.yml with
// `docker-compose config` (Debian's docker-compose, which needs no Docker engine for that). Each
// check is also run on a broken copy, to prove it fails.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { parse, parseAllDocuments } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
};
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The kinds the manifests use, each with its schema; a new kind must be added here to be checked. */
const models: Record<string, { prototype: { validate(): void } }> = {
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

function readManifests(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
      return document.toJS() as Manifest | null;
    })
    .filter((manifest): manifest is Manifest => manifest !== null);
}

// --- kustomize, as far as deploy/k8s uses it ------------------------------------------------------

/** Strategic-merge keys of the lists the patches touch (k8s.io/api patchMergeKey); other lists are replaced. */
const mergeKeys: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  volumes: 'name',
  env: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
  imagePullSecrets: 'name',
};

function strategicMerge(base: Json, patch: Json, key = ''): Json {
  if (Array.isArray(patch)) {
    const mergeKey = mergeKeys[key];
    if (!mergeKey || !Array.isArray(base)) return patch;
    const merged = [...base];
    for (const item of patch) {
      const id = (item as Record<string, Json>)[mergeKey];
      const at = merged.findIndex((existing) => (existing as Record<string, Json>)[mergeKey] === id);
      if (at >= 0) merged[at] = strategicMerge(merged[at]!, item);
      else merged.push(item);
    }
    return merged;
  }
  if (patch === null || typeof patch !== 'object' || base === null || typeof base !== 'object' || Array.isArray(base)) {
    return patch;
  }
  const merged = new Map(Object.entries(base));
  for (const [name, value] of Object.entries(patch)) {
    // null deletes a field, as in any strategic merge patch.
    if (value === null) merged.delete(name);
    else merged.set(name, merged.has(name) ? strategicMerge(merged.get(name)!, value, name) : value);
  }
  return Object.fromEntries(merged);
}

/** RFC 6902 add / replace / remove, the operations a kustomization's inline patches use. */
function jsonPatch(target: Json, operations: { op: string; path: string; value?: Json }[]): void {
  for (const { op, path, value } of operations) {
    const parts = path
      .split('/')
      .slice(1)
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
    const last = parts.pop()!;
    let parent = target as Record<string, Json> | Json[];
    for (const part of parts) {
      const next = (parent as Record<string, Json>)[part];
      if (next === undefined || next === null || typeof next !== 'object')
        throw new Error(`${op} ${path}: no such path`);
      parent = next as Record<string, Json> | Json[];
    }
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (op === 'add') parent.splice(index, 0, value!);
      else if (!(index in parent)) throw new Error(`${op} ${path}: no such index`);
      else if (op === 'replace') parent[index] = value!;
      else if (op === 'remove') parent.splice(index, 1);
      else throw new Error(`unsupported op ${op}`);
      continue;
    }
    if (op !== 'add' && !(last in parent)) throw new Error(`${op} ${path}: no such path`);
    if (op === 'add' || op === 'replace') parent[last] = value!;
    else if (op === 'remove') Reflect.deleteProperty(parent, last);
    else throw new Error(`unsupported op ${op}`);
  }
}

interface Target {
  group?: string;
  kind?: string;
  name?: string;
  labelSelector?: string;
}

function selects(target: Target, manifest: Manifest): boolean {
  const [group, version] = manifest.apiVersion.includes('/')
    ? manifest.apiVersion.split('/')
    : ['', manifest.apiVersion];
  if (target.group !== undefined && target.group !== group) return false;
  if (target.kind && target.kind !== manifest.kind) return false;
  if (target.name && target.name !== manifest.metadata.name) return false;
  if (target.labelSelector) {
    for (const pair of target.labelSelector.split(',')) {
      const [key, value] = pair.split('=');
      if (manifest.metadata.labels?.[key!.trim()] !== value?.trim()) return false;
    }
  }
  return version !== undefined;
}

/** What `kubectl kustomize deploy/k8s` outputs, for the features the kustomization uses (anything else fails). */
function renderKustomization(dir: string): Manifest[] {
  const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Record<string, unknown>;
  const known = ['apiVersion', 'kind', 'namespace', 'labels', 'resources', 'patches'];
  const unknown = Object.keys(kustomization).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new Error(`kustomization.yaml: not understood by this check: ${unknown.join(', ')}`);
  let manifests = (kustomization.resources as string[]).flatMap((file) => readManifests(join(dir, file)));
  const namespace = kustomization.namespace as string | undefined;
  for (const manifest of manifests) {
    if (namespace && manifest.kind !== 'Namespace') manifest.metadata.namespace = namespace;
  }
  for (const { pairs, includeTemplates } of (kustomization.labels ?? []) as {
    pairs: Record<string, string>;
    includeTemplates?: boolean;
  }[]) {
    for (const manifest of manifests) {
      manifest.metadata.labels = { ...manifest.metadata.labels, ...pairs };
      const template = manifest.spec?.template as { metadata?: { labels?: Record<string, string> } } | undefined;
      if (includeTemplates && template)
        template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, ...pairs } };
    }
  }
  for (const entry of (kustomization.patches ?? []) as { path?: string; patch?: string; target?: Target }[]) {
    const text = entry.path ? readFileSync(join(dir, entry.path), 'utf8') : entry.patch!;
    const patch = parse(text) as Json;
    const target: Target = entry.target ?? {
      kind: (patch as unknown as Manifest).kind,
      name: (patch as unknown as Manifest).metadata?.name,
    };
    const selected = manifests.filter((manifest) => selects(target, manifest));
    if (selected.length === 0) throw new Error(`patch ${entry.path ?? JSON.stringify(target)} selects no resource`);
    manifests = manifests.map((manifest) => {
      if (!selected.includes(manifest)) return manifest;
      if (Array.isArray(patch)) {
        jsonPatch(manifest as unknown as Json, patch as { op: string; path: string; value?: Json }[]);
        return manifest;
      }
      // A patch's own identity is ignored: the target chose the resources.
      const { metadata: _ignored, apiVersion: _a, kind: _k, ...body } = patch as Record<string, Json>;
      return strategicMerge(manifest as unknown as Json, body) as unknown as Manifest;
    });
  }
  return manifests;
}

// --- validation ------------------------------------------------------------------------------------

/**
 * A copy of `value` that records which properties the schema validator reads. The generated
 * validators read every property their schema declares, so a property never read is one the
 * Kubernetes schema does not know (a typo such as `imagePullPolicyy`, a field at the wrong level),
 * which the API server would reject or, worse, silently drop.
 */
function tracked(value: unknown, path: string, unread: (() => string[])[]): unknown {
  if (Array.isArray(value)) return value.map((item, index) => tracked(item, `${path}/${index}`, unread));
  if (value === null || typeof value !== 'object') return value;
  const read = new Set<string>();
  const copy = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, tracked(item, `${path}/${key}`, unread)]),
  );
  unread.push(() =>
    Object.keys(copy)
      .filter((key) => !read.has(key))
      .map((key) => `${path}/${key}`),
  );
  return new Proxy(copy, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** Problems of one manifest against its schema: schema errors, then unknown fields. */
function schemaProblems(manifest: Manifest): string[] {
  const id = `${manifest.kind} ${manifest.metadata?.name ?? '(no name)'}`;
  const model = models[`${manifest.apiVersion}/${manifest.kind}`];
  if (!model) return [`${id}: no schema for ${manifest.apiVersion} ${manifest.kind} in this check`];
  const unread: (() => string[])[] = [];
  try {
    model.prototype.validate.call(tracked(manifest, '', unread));
  } catch (error) {
    return [`${id}: ${(error as Error).message}`];
  }
  const fields = unread.flatMap((list) => list());
  // Only the outermost: what lies inside an unknown field is unknown too.
  return fields
    .filter((field) => !fields.some((other) => field.startsWith(`${other}/`)))
    .map((field) => `${id}: unknown field ${field}`);
}

/** What the API server would refuse beyond the schema: selectors that match no pod template. */
function referenceProblems(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const templates = manifests
    .filter((manifest) => manifest.kind === 'Deployment')
    .map((manifest) => {
      const spec = manifest.spec as {
        selector: { matchLabels: Record<string, string> };
        template: { metadata?: { labels?: Record<string, string> } };
      };
      const labels = spec.template.metadata?.labels ?? {};
      for (const [key, value] of Object.entries(spec.selector.matchLabels ?? {})) {
        if (labels[key] !== value)
          problems.push(
            `Deployment ${manifest.metadata.name}: selector ${key}=${value} does not match its pod template`,
          );
      }
      return labels;
    });
  for (const service of manifests.filter((manifest) => manifest.kind === 'Service')) {
    const selector = (service.spec as { selector?: Record<string, string> }).selector ?? {};
    const matches = templates.some((labels) => Object.entries(selector).every(([key, value]) => labels[key] === value));
    if (!matches) problems.push(`Service ${service.metadata.name}: its selector matches no Deployment's pods`);
  }
  return problems;
}

function k8sProblems(dir: string): string[] {
  let manifests: Manifest[];
  try {
    manifests = renderKustomization(dir);
  } catch (error) {
    return [`kustomization: ${(error as Error).message}`];
  }
  // Not applied by the kustomization, but applied by hand from a copy: checked the same.
  const secrets = readManifests(join(dir, 'secret.example.yaml'));
  return [...manifests, ...secrets].flatMap(schemaProblems).concat(referenceProblems(manifests));
}

describe('deploy/k8s: the manifests as kustomize renders them', () => {
  let scratch: string;
  beforeAll(() => void (scratch = mkdtempSync(join(tmpdir(), 'projectory-k8s-'))));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A copy of deploy/k8s with one file changed. */
  function brokenCopy(file: string, change: (text: string) => string): string {
    const dir = mkdtempSync(join(scratch, 'copy-'));
    cpSync(join(root, 'deploy', 'k8s'), dir, { recursive: true });
    const path = join(dir, file);
    const changed = change(readFileSync(path, 'utf8'));
    expect(changed).not.toBe(readFileSync(path, 'utf8'));
    writeFileSync(path, changed);
    return dir;
  }

  it('render with every patch applied and match the Kubernetes schemas', () => {
    const manifests = renderKustomization(join(root, 'deploy', 'k8s'));
    expect(k8sProblems(join(root, 'deploy', 'k8s'))).toEqual([]);
    // The patches were applied: every service got its readiness probe, the gateway and matching their resources.
    const deployments = manifests.filter((manifest) => manifest.kind === 'Deployment');
    expect(deployments).toHaveLength(10);
    const container = (name: string) =>
      (
        deployments.find((manifest) => manifest.metadata.name === name)!.spec as {
          template: { spec: { containers: Record<string, unknown>[] } };
        }
      ).template.spec.containers[0]!;
    expect(container('identity').readinessProbe).toMatchObject({ httpGet: { path: '/health' } });
    expect(container('identity').securityContext).toMatchObject({ readOnlyRootFilesystem: true });
    expect(container('matching').resources).toMatchObject({ limits: { cpu: '2' } });
    expect(container('gateway').readinessProbe).toMatchObject({ tcpSocket: { port: 'http' } });
    expect(
      manifests.every((manifest) => manifest.kind === 'Namespace' || manifest.metadata.namespace === 'projectory'),
    ).toBe(true);
  });

  it.each([
    [
      'a value of the wrong type',
      'services/identity.yaml',
      (text: string) => text.replace('name: app', 'name: app\n          stdin: "yes please"'),
      /Deployment identity: .*stdin must be boolean/,
    ],
    [
      'a misspelt field',
      'gateway.yaml',
      (text: string) => text.replace('readinessProbe:', 'readinesProbe:'),
      /Deployment gateway: unknown field \/spec\/template\/spec\/containers\/0\/readinesProbe$/,
    ],
    [
      'a field at the wrong level (through a patch)',
      'patches/workload-defaults.yaml',
      (text: string) =>
        text.replace('  revisionHistoryLimit: 5', '  revisionHistoryLimit: 5\n  terminationGracePeriodSeconds: 40'),
      /Deployment \w+: unknown field \/spec\/terminationGracePeriodSeconds$/,
    ],
    [
      'a missing required field',
      'ingress.yaml',
      (text: string) => text.replace('            pathType: Prefix\n', ''),
      /Ingress gateway: .*must have required property pathType/,
    ],
    [
      'a selector that misses its pods',
      'services/admin.yaml',
      (text: string) =>
        text.replace(
          /matchLabels:\n(\s+)app.kubernetes.io\/name: admin/,
          'matchLabels:\n$1app.kubernetes.io/name: admn',
        ),
      /Deployment admin: selector app.kubernetes.io\/name=admn does not match its pod template/,
    ],
    [
      'a patch whose path no longer exists',
      'kustomization.yaml',
      (text: string) =>
        text.replace(
          'path: /spec/template/spec/containers/0/resources',
          'path: /spec/template/spec/containerz/0/resources',
        ),
      /containerz.*no such path/,
    ],
  ])('fail on %s', (_what, file, change, reason) => {
    const problems = k8sProblems(brokenCopy(file, change));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.filter((problem) => !reason.test(problem))).toEqual([]);
  });
});

// --- docker-compose.yml ---------------------------------------------------------------------------

const composeVersion = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' });
const composeInstalled = composeVersion.status === 0;
if (!composeInstalled && process.env.CI !== 'true') {
  console.warn(
    '\n!!! SKIPPED docker-compose.yml checks: docker-compose is not installed (apt-get install docker-compose).\n',
  );
}

/** `docker-compose config` of a compose file with the variables it requires set to dummies. */
function composeConfig(file: string) {
  return spawnSync('docker-compose', ['--project-directory', dirname(file), '-f', file, 'config', '--quiet'], {
    encoding: 'utf8',
    cwd: dirname(file),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      INTERNAL_SECRET: 'dummy-internal-secret-for-the-config-check-0123456789',
      POSTGRES_PASSWORD: 'dummy-password',
      CREDENTIALS_SIGNING_KEY: '{"kty":"OKP","crv":"Ed25519","x":"dummy","d":"dummy"}',
    },
  });
}

(composeInstalled || process.env.CI === 'true' ? describe : describe.skip)('docker-compose.yml', () => {
  let scratch: string;
  beforeAll(() => void (scratch = mkdtempSync(join(tmpdir(), 'projectory-compose-'))));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is valid for `docker-compose config`', () => {
    if (!composeInstalled) throw new Error('docker-compose is not installed: CI must install it (.ci/run)');
    const result = composeConfig(join(root, 'docker-compose.yml'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    [
      'an unknown key',
      (text: string) =>
        text.replace('    restart: unless-stopped\n', '    restart: unless-stopped\n    restrat: always\n'),
      /restrat/,
    ],
    [
      'a required variable left unset',
      (text: string) => text.replace('${POSTGRES_PASSWORD:?', '${POSTGRES_PASSWORD_TYPO:?'),
      /set POSTGRES_PASSWORD in .env/,
    ],
    [
      'a dependency on a service that does not exist',
      (text: string) =>
        text.replace(
          '      identity:\n        condition: service_healthy',
          '      identiti:\n        condition: service_healthy',
        ),
      /identiti/,
    ],
  ])('fails with %s', (_what, change, reason) => {
    if (!composeInstalled) throw new Error('docker-compose is not installed: CI must install it (.ci/run)');
    const original = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    const dir = mkdtempSync(join(scratch, 'copy-'));
    const broken = change(original);
    expect(broken).not.toBe(original);
    writeFileSync(join(dir, 'docker-compose.yml'), broken);
    const result = composeConfig(join(dir, 'docker-compose.yml'));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(reason);
  });
});
