import { Injectable } from '@nestjs/common';
import { lockTransaction, queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { postgresBitOf } from '../domain/status-list.js';

/** Every statement on `status_lists`: allocation of entries, the revocation bits, the list's bytes. */
@Injectable()
export class StatusListRepository {
  /**
   * Orders issuances until the transaction ends: two never take one entry nor open two lists, and a
   * completion delivered twice at once finds the first one's credential after it.
   */
  async lockAllocation(manager: EntityManager): Promise<void> {
    await lockTransaction(manager, 'credentials.status-lists:allocate');
  }

  /** The next free entry (under `lockAllocation`): of the newest list, or of a new one when it is full. */
  async allocate(manager: EntityManager, size: number): Promise<{ listId: number; index: number }> {
    const [taken] = await queryRows<{ id: number; index: number }>(
      manager,
      `UPDATE status_lists SET next_index = next_index + 1, updated_at = now()
       WHERE id = (SELECT max(id) FROM status_lists) AND next_index < size
       RETURNING id, next_index - 1 AS index`,
    );
    if (taken) return { listId: taken.id, index: taken.index };
    const [opened] = (await queryRows<{ id: number }>(
      manager,
      `INSERT INTO status_lists (id, size, next_index, bits)
       SELECT coalesce(max(id), 0) + 1, $1, 1, decode(repeat('00', $1 / 8), 'hex') FROM status_lists
       RETURNING id`,
      [size],
    )) as [{ id: number }];
    return { listId: opened.id, index: 0 };
  }

  /** Sets the entry's bit (revoked), in the caller's transaction. */
  async setBit(manager: EntityManager, listId: number, index: number): Promise<void> {
    await queryRows(manager, 'UPDATE status_lists SET bits = set_bit(bits, $2, 1), updated_at = now() WHERE id = $1', [
      listId,
      postgresBitOf(index),
    ]);
  }

  /** The list's bits (index 0 the left-most bit of the first byte) and when they last changed. */
  async bits(runner: Runner, listId: number): Promise<{ bits: Buffer; updatedAt: Date } | undefined> {
    const [row] = await queryRows<{ bits: Buffer; updated_at: Date }>(
      runner,
      'SELECT bits, updated_at FROM status_lists WHERE id = $1',
      [listId],
    );
    return row && { bits: row.bits, updatedAt: row.updated_at };
  }
}
