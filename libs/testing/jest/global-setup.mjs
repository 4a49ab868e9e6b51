// Jest global setup of the integration project: provides a Kafka-protocol broker when none is
// configured, by starting librdkafka's mock cluster through Debian's kcat (no Kafka broker package
// exists here; kafkajs works against it with auto-created topics and a non-idempotent producer).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function startKafkaMock() {
  // kcat's notice line names the bootstrap servers; it goes to a file so no pipe keeps Jest alive.
  const logPath = join(mkdtempSync(join(tmpdir(), 'kcat-')), 'mock.log');
  const child = spawn(
    'kcat',
    ['-b', '127.0.0.1:1', '-X', 'test.mock.num.brokers=3', '-C', '-t', 'warmup', '-o', 'end'],
    {
      stdio: ['ignore', 'ignore', openSync(logPath, 'w')],
      detached: true,
    },
  );
  child.unref();
  const failed = new Promise((_, reject) => child.once('error', reject));
  const found = (async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const match = /replaced with ([0-9.:,]+)/.exec(readFileSync(logPath, 'utf8'));
      if (match) return { bootstrap: match[1], pid: child.pid };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    throw new Error('kcat mock cluster did not report its bootstrap servers');
  })();
  return Promise.race([found, failed]);
}

export default async function globalSetup() {
  // Tags the databases this run creates (libs/testing/src/infra.ts): the teardown drops them all.
  process.env.PROJECTORY_TEST_RUN = randomBytes(4).toString('hex');
  if (process.env.KAFKA_BROKERS) return;
  try {
    const { bootstrap, pid } = await startKafkaMock();
    process.env.KAFKA_BROKERS = bootstrap;
    process.env.PROJECTORY_KAFKA_MOCK_PID = String(pid);
  } catch (error) {
    console.warn(`\n!!! Could not start the kcat mock Kafka cluster: ${error.message}\n`);
  }
}
