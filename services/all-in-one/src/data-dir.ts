import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRunning, processStartTime } from './processes.js';
import { StartupError } from './startup-error.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = resolve(REPO_ROOT, env.PROJECTORY_DATA_DIR ?? '.data');
  mkdirSync(dir, { recursive: true });
  return dir;
}

interface LocalSecrets {
  internalSecret: string;
  postgresPassword: string;
  /** The credentials issuer's private Ed25519 JWK, as JSON (CREDENTIALS_SIGNING_KEY; ADR 0020). */
  credentialsSigningKey: string;
}

/** A new Ed25519 private key as a JWK (JSON); its `kid` is the credentials service's (RFC 7638 thumbprint). */
export function newCredentialsSigningKey(): string {
  return JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
}

/**
 * Secrets of the local install, made once and kept (mode 600) so that restarts keep sessions valid and
 * credentials verifiable. A secret added in a later version is generated into an existing file.
 */
export function localSecrets(dir: string): LocalSecrets {
  const path = join(dir, 'secrets.json');
  const stored = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Partial<LocalSecrets>) : undefined;
  const secrets: LocalSecrets = {
    internalSecret: stored?.internalSecret ?? randomBytes(32).toString('base64url'),
    postgresPassword: stored?.postgresPassword ?? randomBytes(18).toString('base64url'),
    credentialsSigningKey: stored?.credentialsSigningKey ?? newCredentialsSigningKey(),
  };
  if (!stored || Object.keys(secrets).some((key) => !(key in stored))) {
    writeFileSync(path, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}

interface LauncherLock {
  pid: number;
  /** Tells the launcher from a later process that got the same PID. */
  startTime?: string;
}

export const LAUNCHER_LOCK_FILE = 'launcher.pid';

function readLock(path: string): LauncherLock | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LauncherLock;
  } catch {
    return undefined;
  }
}

/**
 * One launcher per data directory: a second one would take the first one's PostgreSQL for a stale
 * server and stop it. The lock file names the launcher's PID; a lock whose process is gone (or whose
 * PID now belongs to another process) was left by a crash and is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LAUNCHER_LOCK_FILE);
  const mine: LauncherLock = { pid: process.pid, startTime: processStartTime(process.pid) };
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx' });
      return () => {
        if (readLock(path)?.pid === mine.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const owner = readLock(path);
    if (owner && isRunning(owner.pid) && (!owner.startTime || owner.startTime === processStartTime(owner.pid))) {
      throw new StartupError(
        `Projectory is already running from the data directory ${dir} (pid ${owner.pid}). ` +
          'Stop it first, or give this one another directory with PROJECTORY_DATA_DIR.',
      );
    }
    rmSync(path, { force: true });
  }
}
