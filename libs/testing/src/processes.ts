import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves when the process has exited (after a kill or a crash). */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs a compiled entry point as its own process and waits for its /health to answer. Used by the
 * tests that kill processes at chosen moments; they need `npm run build` first (`npm test` does it).
 */
export async function startServiceProcess(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<ServiceProcess> {
  const path = `${REPO_ROOT}${script}`;
  if (!existsSync(path)) throw new Error(`${script} is not built: run \`npx tsc -b tsconfig.build.json\` first`);
  let log = '';
  const child = spawn(process.execPath, [path, ...args], {
    env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} ${args.join(' ')} exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    url,
    output: () => log,
    exited,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
