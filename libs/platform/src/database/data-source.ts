import { DataSource, type DataSourceOptions } from 'typeorm';
import { DeadLetterReplay1797200000000 } from './dead-letter-replay.migration.js';
import { PlatformTables1700000000000 } from './platform-tables.migration.js';

export type MigrationClass = new () => object;

export interface ServiceDataSourceOptions {
  /** The service's schema; every table of the service lives in it and nowhere else. */
  schema: string;
  url: string;
  migrations: MigrationClass[];
  poolSize?: number;
}

/**
 * One DataSource per service bound to its own schema: unqualified names resolve there through the
 * connection's search_path, so a service cannot reach another's tables by accident. Never synchronize.
 */
export function serviceDataSourceOptions(options: ServiceDataSourceOptions): DataSourceOptions {
  assertSchemaName(options.schema);
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    // No entities: repositories speak SQL (ADR 0009).
    entities: [],
    migrations: [PlatformTables1700000000000, DeadLetterReplay1797200000000, ...options.migrations],
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    extra: {
      max: options.poolSize ?? 10,
      options: `-c search_path=${options.schema}`,
      // A silent database host or a pool that stays full fails the request (503 SERVICE_UNAVAILABLE)
      // after this long instead of holding it until the TCP timeout.
      connectionTimeoutMillis: 10_000,
    },
  };
}

function assertSchemaName(schema: string): void {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
}

/** Creates the schema when missing, then applies pending migrations; safe to run concurrently. */
/** Needs a pool of at least two connections: one holds the advisory lock, the migrations run on another. */
export async function migrateDataSource(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema: string }).schema;
  assertSchemaName(schema);
  // Two processes migrating one schema at once must not interleave: a session advisory lock serialises them.
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

export async function openDataSource(options: ServiceDataSourceOptions): Promise<DataSource> {
  return new DataSource(serviceDataSourceOptions(options)).initialize();
}
