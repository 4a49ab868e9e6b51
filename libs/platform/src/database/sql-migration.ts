import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A migration's statements: `up` in order, and `down` (in order too) to undo them. */
export interface SqlMigrationStatements {
  up: readonly string[];
  /** Absent or empty: nothing to undo (say why beside the migration). */
  down?: readonly string[];
}

/** A migration class as TypeORM takes it: a constructor of instances carrying `name`, `up` and `down`. */
export type SqlMigrationClass = new () => MigrationInterface & { name: string };

/**
 * A migration that is nothing but SQL statements, as a class TypeORM accepts in `migrations`
 * (ServiceDefinition.migrations): `export const Foo1797100000000 = sqlMigration('Foo1797100000000', { up, down })`.
 * TypeORM records the migration by `name` and reads its timestamp from the name's last 13 digits, so
 * the name must end in them and, for a migration already run somewhere, stay exactly what it was.
 * Each statement runs alone, in order, through the migration's query runner (inside TypeORM's
 * transaction). A migration with logic (loops, values computed in code) stays a hand-written class.
 */
export function sqlMigration(name: string, statements: SqlMigrationStatements): SqlMigrationClass {
  if (!/^[A-Za-z_$][\w$]*\d{13}$/.test(name)) {
    throw new Error(`Invalid migration name ${JSON.stringify(name)}: an identifier ending in a 13-digit timestamp`);
  }
  const up = [...statements.up];
  const down = [...(statements.down ?? [])];
  const migration = class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      await runStatements(queryRunner, up);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await runStatements(queryRunner, down);
    }
  };
  // The class's own name too, for stack traces and logs.
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}

/** Runs SQL statements one after another, each alone, on the runner. */
export async function runStatements(
  queryRunner: Pick<QueryRunner, 'query'>,
  statements: readonly string[],
): Promise<void> {
  for (const statement of statements) await queryRunner.query(statement);
}

/**
 * Makes pg_trgm available and answers the (quoted) schema it lives in, to qualify `gin_trgm_ops` in an
 * index. Extensions are per database, not per schema: a missing one is installed in public (not in
 * the calling service's schema, where another service would not find it), and one an operator
 * installed elsewhere beforehand keeps its place, hence the lookup.
 */
export async function installTrigram(queryRunner: Pick<QueryRunner, 'query'>): Promise<string> {
  await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  const [{ schema }] = (await queryRunner.query(
    `SELECT quote_ident(n.nspname) AS schema
         FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm'`,
  )) as { schema: string }[];
  return schema;
}
