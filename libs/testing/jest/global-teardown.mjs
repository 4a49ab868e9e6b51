// Drops the databases this run created (its test files drop their own; this catches what a failed or
// killed one left, and the shared template) and stops the mock Kafka cluster the global setup started.
import pg from 'pg';

async function dropRunDatabases(run) {
  const admin = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  try {
    const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `pj\\_test\\_${run}\\_%`,
    ]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export default async function globalTeardown() {
  const run = process.env.PROJECTORY_TEST_RUN;
  if (run)
    await dropRunDatabases(run).catch((error) =>
      console.warn(`\n!!! Could not drop this run's databases: ${error.message}\n`),
    );
  const pid = Number(process.env.PROJECTORY_KAFKA_MOCK_PID);
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}
