import { describe, expect, it } from '@jest/globals';
import type { UserSnapshot } from '@projectory/contracts';
import type { Runner } from './query-rows.js';
import { type Snapshot, snapshotUpsertSql, upsertPerson } from './upsert-snapshot.js';

const at = '2030-01-02T03:04:05.678Z';
const person: Snapshot = {
  table: 'people',
  key: 'id',
  stamp: 'snapshot_at',
  at,
  row: { id: 'u1', first_name: 'Ada', last_name: 'Lovelace' },
};

describe('snapshotUpsertSql', () => {
  it('writes the row as of its time, replacing only an older one or different values of the same time', () => {
    const { sql, params } = snapshotUpsertSql(person);
    expect(sql).toBe(
      'INSERT INTO "people" AS stored ("id", "first_name", "last_name", "snapshot_at") VALUES ($1, $2, $3, $4) ' +
        'ON CONFLICT ("id") DO UPDATE SET "first_name" = EXCLUDED."first_name", "last_name" = EXCLUDED."last_name", ' +
        '"snapshot_at" = EXCLUDED."snapshot_at" ' +
        'WHERE stored."snapshot_at" IS NULL OR stored."snapshot_at" < EXCLUDED."snapshot_at" ' +
        'OR (stored."snapshot_at" = EXCLUDED."snapshot_at" AND ' +
        '(stored."first_name", stored."last_name") IS DISTINCT FROM (EXCLUDED."first_name", EXCLUDED."last_name")) ' +
        'RETURNING true AS changed',
    );
    expect(params).toEqual(['u1', 'Ada', 'Lovelace', at]);
  });

  it('takes a composite key, a schema and the closed set of update-only writes, values as parameters', () => {
    const { sql, params } = snapshotUpsertSql({
      ...person,
      table: 'matching.people',
      key: ['id', 'first_name'],
      onUpdate: { version: { increment: 1 }, changed_xid: 'transaction_id', updated_at: 'now' },
    });
    expect(sql).toContain('INSERT INTO "matching"."people" AS stored');
    expect(sql).toContain('ON CONFLICT ("id", "first_name") DO UPDATE SET "last_name" = EXCLUDED."last_name", ');
    expect(sql).toContain(
      '"version" = stored."version" + $5, "changed_xid" = pg_current_xact_id(), "updated_at" = now() WHERE',
    );
    expect(params).toEqual(['u1', 'Ada', 'Lovelace', at, 1]);
  });

  it('never writes a key-only row over a stored one of the same time', () => {
    const { sql } = snapshotUpsertSql({ ...person, row: { id: 'u1' } });
    expect(sql).toContain('OR (stored."snapshot_at" = EXCLUDED."snapshot_at" AND false)');
  });

  it.each([
    ['table', { table: 'people; DROP TABLE people' }],
    ['table', { table: 'People' }],
    ['table', { table: 'a.b.c' }],
    ['table', { table: '"people"' }],
    ['key column', { key: 'id" = 1 --' }],
    ['key column', { key: [] as string[] }],
    ['stamp column', { stamp: 'snapshot at' }],
    ['column', { row: { id: 'u1', 'name) VALUES (1); --': 'x' } }],
    ['column', { row: { id: 'u1', ['x'.repeat(64)]: 'x' } }],
    ['onUpdate column', { onUpdate: { 'updated_at = now(), role': 'now' as const } }],
  ])('refuses a bad %s', (_, bad) => {
    expect(() => snapshotUpsertSql({ ...person, ...bad } as Snapshot)).toThrow(/upsertSnapshot/);
  });

  it.each([
    ['a row without its key', { row: { first_name: 'Ada' } }, /no value for key column "id"/],
    ['the stamp among the values', { row: { id: 'u1', snapshot_at: at } }, /"snapshot_at" is the stamp/],
    ['a column written twice', { onUpdate: { first_name: 'now' as const } }, /written by the snapshot already/],
    ['an unknown update', { onUpdate: { updated_at: 'now(); DROP' } }, /unknown update/],
    ['an increment that is not an integer', { onUpdate: { version: { increment: 0.5 } } }, /unknown update/],
    ['no time', { at: undefined }, /`at` is needed/],
  ])('refuses %s', (_, bad, message) => {
    expect(() => snapshotUpsertSql({ ...person, ...bad } as unknown as Snapshot)).toThrow(message);
  });
});

describe('upsertPerson', () => {
  const user = { userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', company: 'Engines' } as UserSnapshot;

  function recorder(rows: unknown[]) {
    const calls: { sql: string; params: unknown[] }[] = [];
    const runner = {
      query: async (sql: string, params: unknown[]) => {
        calls.push({ sql, params });
        return rows;
      },
    } as unknown as Runner;
    return { runner, calls };
  }

  it('writes the user’s names to people as of the time, keyed by id, stamped snapshot_at', async () => {
    const { runner, calls } = recorder([{ changed: true }]);
    await expect(upsertPerson(runner, user, at)).resolves.toBe(true);
    expect(calls).toEqual([snapshotUpsertSql(person)]);
  });

  it('adds the service’s own columns, table and update-only writes; answers whether the row changed', async () => {
    const { runner, calls } = recorder([]);
    const written = upsertPerson(runner, user, at, {
      table: 'users',
      columns: { company: user.company },
      onUpdate: { updated_at: 'now' },
    });
    await expect(written).resolves.toBe(false);
    expect(calls).toEqual([
      snapshotUpsertSql({
        ...person,
        table: 'users',
        row: { ...person.row, company: 'Engines' },
        onUpdate: { updated_at: 'now' },
      }),
    ]);
  });
});
