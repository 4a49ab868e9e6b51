// Stops the mock Kafka cluster the global setup started.
export default async function globalTeardown() {
  const pid = Number(process.env.PROJECTORY_KAFKA_MOCK_PID);
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}
