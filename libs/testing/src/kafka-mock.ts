import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts librdkafka's mock cluster through Debian's kcat (no Kafka broker package exists here).
 * kafkajs works against it with auto-created topics and a non-idempotent producer. kcat's notice
 * line, which names the bootstrap servers, goes to a file so that no pipe keeps the caller alive.
 */
export async function startKafkaMock(brokers = 3): Promise<{ bootstrap: string; process: ChildProcess }> {
  const logPath = join(mkdtempSync(join(tmpdir(), 'kcat-')), 'mock.log');
  const log = openSync(logPath, 'w');
  const child = spawn('kcat', ['-b', '127.0.0.1:1', '-X', `test.mock.num.brokers=${brokers}`, '-C', '-t', 'warmup', '-o', 'end'], {
    stdio: ['ignore', 'ignore', log],
    detached: true,
  });
  child.unref();
  const failed = new Promise<never>((_, reject) => child.once('error', reject));
  const found = (async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const match = /replaced with ([0-9.:,]+)/.exec(readFileSync(logPath, 'utf8'));
      if (match) return { bootstrap: match[1]!, process: child };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    throw new Error('kcat mock cluster did not report its bootstrap servers');
  })();
  return Promise.race([found, failed]);
}
