import { describe, expect, it } from '@jest/globals';
import { DataSource, type QueryRunner, MigrationExecutor } from 'typeorm';
import { serviceDataSourceOptions } from './data-source.js';
import { runStatements, sqlMigration } from './sql-migration.js';

/** A query runner that records what it is asked to run. */
function recorder() {
  const statements: string[] = [];
  const runner = {
    query: async (statement: string) => {
      statements.push(statement);
      return [];
    },
  } as unknown as QueryRunner;
  return { runner, statements };
}

describe('sqlMigration', () => {
  const Example1797400000000 = sqlMigration('Example1797400000000', {
    up: ['CREATE TABLE t (id uuid PRIMARY KEY)', 'CREATE INDEX t_idx ON t (id)'],
    down: ['DROP INDEX t_idx', 'DROP TABLE t'],
  });

  it('runs the up statements, each alone and in order, and the down statements likewise', async () => {
    const migration = new Example1797400000000();
    const { runner, statements } = recorder();
    await migration.up(runner);
    expect(statements).toEqual(['CREATE TABLE t (id uuid PRIMARY KEY)', 'CREATE INDEX t_idx ON t (id)']);
    statements.length = 0;
    await migration.down(runner);
    expect(statements).toEqual(['DROP INDEX t_idx', 'DROP TABLE t']);
  });

  it('carries the name it was given, on the instance (what TypeORM records) and the class', () => {
    expect(new Example1797400000000().name).toBe('Example1797400000000');
    expect(Example1797400000000.name).toBe('Example1797400000000');
  });

  it('has nothing to undo without down statements', async () => {
    const { runner, statements } = recorder();
    await new (sqlMigration('Forward1797400000001', { up: ['SELECT 1'] }))().down(runner);
    expect(statements).toEqual([]);
  });

  it('keeps its own copy of the statements', async () => {
    const up = ['SELECT 1'];
    const Copy1797400000002 = sqlMigration('Copy1797400000002', { up });
    up.push('SELECT 2');
    const { runner, statements } = recorder();
    await new Copy1797400000002().up(runner);
    expect(statements).toEqual(['SELECT 1']);
  });

  it('refuses a name without the 13-digit timestamp TypeORM orders migrations by', () => {
    expect(() => sqlMigration('Example', { up: [] })).toThrow(/13-digit timestamp/);
    expect(() => sqlMigration('Example179740000000', { up: [] })).toThrow(/13-digit timestamp/);
    expect(() => sqlMigration('bad name 1797400000000', { up: [] })).toThrow(/13-digit timestamp/);
  });

  it('is taken by TypeORM among hand-written migrations, by name and timestamp, in timestamp order', async () => {
    const Later1797400000009 = sqlMigration('Later1797400000009', { up: ['SELECT 1'] });
    const dataSource = new DataSource(
      serviceDataSourceOptions({
        schema: 'example',
        url: 'postgres://nobody@127.0.0.1:9/none',
        migrations: [Later1797400000009, Example1797400000000],
      }),
    );
    // Builds the migration instances as initialize() does, without connecting.
    await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
    const executor = new MigrationExecutor(dataSource) as unknown as {
      getMigrations(): { name: string; timestamp: number }[];
    };
    const mine = executor.getMigrations().filter((migration) => migration.timestamp >= 1797400000000);
    expect(mine.map(({ name, timestamp }) => ({ name, timestamp }))).toEqual([
      { name: 'Example1797400000000', timestamp: 1797400000000 },
      { name: 'Later1797400000009', timestamp: 1797400000009 },
    ]);
  });
});

describe('runStatements', () => {
  it('runs nothing for no statements', async () => {
    const { runner, statements } = recorder();
    await runStatements(runner, []);
    expect(statements).toEqual([]);
  });
});
