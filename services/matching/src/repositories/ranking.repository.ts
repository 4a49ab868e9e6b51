import { queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { compareRank, type RankEntry } from '../domain/top-k.js';

/** Where one side's rankings live: fixed identifiers, never user input. */
interface RankSide {
  owners: string;
  /** Which owners may hold a ranking at all. */
  rankable: string;
  list: string;
  owner: string;
  other: string;
  count: string;
  floorOther: string;
}

export interface RankFloor {
  count: number;
  floor: RankEntry | null;
}

/**
 * The stored top-K of one side (a student's projects, or a project's students). A list is always written
 * whole, with its length and floor (K-th entry) copied to the owner's row, so that a job can tell from
 * the floors alone whom a changed score may affect. Writers hold the owner's row lock (FOR NO KEY UPDATE:
 * exclusive among writers, yet no obstacle to an application's foreign-key check on the same row).
 */
export class RankingRepository {
  private constructor(private readonly side: RankSide) {}

  static readonly students = new RankingRepository({
    owners: 'people',
    rankable: "role = 'student'",
    list: 'student_top_projects',
    owner: 'student_id',
    other: 'project_id',
    count: 'match_count',
    floorOther: 'floor_project_id',
  });

  static readonly projects = new RankingRepository({
    owners: 'projects',
    rankable: 'is_active AND archived_at IS NULL',
    list: 'project_top_students',
    owner: 'project_id',
    other: 'student_id',
    count: 'candidate_count',
    floorOther: 'floor_student_id',
  });

  /** Locks the owner's row; null when it does not exist. */
  async lock(manager: EntityManager, id: string): Promise<number | null> {
    const [row] = await queryRows<{ version: string }>(
      manager,
      `SELECT version::text AS version FROM ${this.side.owners} WHERE id = $1 FOR NO KEY UPDATE`,
      [id],
    );
    return row ? Number(row.version) : null;
  }

  /** Locks several owners' rows in id order (so that two such transactions never deadlock); id → version. */
  async lockMany(manager: EntityManager, ids: string[]): Promise<Map<string, number>> {
    const rows = await queryRows<{ id: string; version: string }>(
      manager,
      `SELECT id, version::text AS version FROM ${this.side.owners} WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, Number(row.version)]));
  }

  async version(runner: Runner, id: string): Promise<number | null> {
    const [row] = await queryRows<{ version: string }>(
      runner,
      `SELECT version::text AS version FROM ${this.side.owners} WHERE id = $1`,
      [id],
    );
    return row ? Number(row.version) : null;
  }

  /** The ids on one owner's list, in no particular order. */
  async members(runner: Runner, ownerId: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `SELECT ${this.side.other} AS id FROM ${this.side.list} WHERE ${this.side.owner} = $1`,
      [ownerId],
    );
    return rows.map((row) => row.id);
  }

  async lists(runner: Runner, ids: string[]): Promise<Map<string, RankEntry[]>> {
    const rows = await queryRows<{ owner: string; id: string; overall: number }>(
      runner,
      `SELECT ${this.side.owner} AS owner, ${this.side.other} AS id, overall FROM ${this.side.list}
       WHERE ${this.side.owner} = ANY($1::uuid[])`,
      [ids],
    );
    const lists = new Map<string, RankEntry[]>(ids.map((id) => [id, []]));
    for (const row of rows) lists.get(row.owner)!.push({ id: row.id, overall: row.overall });
    for (const list of lists.values()) list.sort(compareRank);
    return lists;
  }

  async write(manager: EntityManager, ownerId: string, entries: RankEntry[]): Promise<void> {
    await manager.query(`DELETE FROM ${this.side.list} WHERE ${this.side.owner} = $1`, [ownerId]);
    if (entries.length > 0) {
      await manager.query(
        `INSERT INTO ${this.side.list} (${this.side.owner}, ${this.side.other}, overall)
         SELECT $1, other, overall FROM unnest($2::uuid[], $3::smallint[]) AS e (other, overall)`,
        [ownerId, entries.map((entry) => entry.id), entries.map((entry) => entry.overall)],
      );
    }
    const floor = entries.at(-1);
    await manager.query(
      `UPDATE ${this.side.owners} SET ${this.side.count} = $2, floor_overall = $3, ${this.side.floorOther} = $4
       WHERE id = $1`,
      [ownerId, entries.length, floor?.overall ?? null, floor?.id ?? null],
    );
  }

  async markRanked(manager: EntityManager, id: string, version: number): Promise<void> {
    await manager.query(`UPDATE ${this.side.owners} SET ranked_version = greatest(ranked_version, $2) WHERE id = $1`, [
      id,
      version,
    ]);
  }

  /** Owners whose list holds `otherId`. */
  async holders(runner: Runner, otherId: string): Promise<string[]> {
    const rows = await queryRows<{ owner: string }>(
      runner,
      `SELECT ${this.side.owner} AS owner FROM ${this.side.list} WHERE ${this.side.other} = $1`,
      [otherId],
    );
    return rows.map((row) => row.owner);
  }

  /** Length and floor of every rankable owner's list. */
  async floors(runner: Runner): Promise<Map<string, RankFloor>> {
    const rows = await queryRows<{ id: string; count: number; overall: number | null; other: string | null }>(
      runner,
      `SELECT id, ${this.side.count} AS count, floor_overall AS overall, ${this.side.floorOther} AS other
       FROM ${this.side.owners} WHERE ${this.side.rankable}`,
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          count: row.count,
          floor: row.other === null || row.overall === null ? null : { id: row.other, overall: row.overall },
        },
      ]),
    );
  }

  /**
   * The students ranked best by any of the employer's active projects, each by their best score there
   * (ties by id), at most `limit`.
   */
  static async bestStudentsOfEmployer(runner: Runner, employerId: string, limit: number): Promise<string[]> {
    const rows = await queryRows<{ student_id: string }>(
      runner,
      `SELECT t.student_id FROM project_top_students t
       JOIN projects pr ON pr.id = t.project_id
       WHERE pr.employer_id = $1 AND pr.is_active AND pr.archived_at IS NULL
       GROUP BY t.student_id ORDER BY max(t.overall) DESC, t.student_id LIMIT $2`,
      [employerId, limit],
    );
    return rows.map((row) => row.student_id);
  }

  /** Owners whose ranking is older than their data, for the reconciler. */
  async stale(runner: Runner, limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `SELECT id FROM ${this.side.owners} WHERE ranked_version < version LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }
}
