import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = resolve(REPO_ROOT, env.PROJECTORY_DATA_DIR ?? '.data');
  mkdirSync(dir, { recursive: true });
  return dir;
}

interface LocalSecrets {
  internalSecret: string;
  postgresPassword: string;
}

/** Secrets of the local install, made once and kept (mode 600) so that restarts keep sessions valid. */
export function localSecrets(dir: string): LocalSecrets {
  const path = join(dir, 'secrets.json');
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as LocalSecrets;
  const secrets = {
    internalSecret: randomBytes(32).toString('base64url'),
    postgresPassword: randomBytes(18).toString('base64url'),
  };
  writeFileSync(path, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}
