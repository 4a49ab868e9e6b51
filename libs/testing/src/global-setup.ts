import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKafkaMock } from './kafka-mock.js';

export const KAFKA_PID_FILE = join(tmpdir(), `projectory-kafka-mock-${process.pid}.pid`);

/** Provides a Kafka-protocol broker for the integration project when none is configured. */
export default async function globalSetup(): Promise<void> {
  if (process.env.KAFKA_BROKERS) return;
  try {
    const { bootstrap, process: child } = await startKafkaMock();
    process.env.KAFKA_BROKERS = bootstrap;
    process.env.PROJECTORY_KAFKA_MOCK_PID = String(child.pid);
    writeFileSync(KAFKA_PID_FILE, String(child.pid));
  } catch (error) {
    console.warn(`\n!!! Could not start the kcat mock Kafka cluster: ${(error as Error).message}\n`);
  }
}
