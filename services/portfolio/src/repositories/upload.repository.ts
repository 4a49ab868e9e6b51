import { Injectable } from '@nestjs/common';
import type { UploadPurpose } from '@projectory/contracts';
import { queryRows, type Runner } from '@projectory/platform';

export type UploadStatus = 'receiving' | 'stored' | 'discarded';

export interface UploadRow {
  id: string;
  owner_id: string;
  purpose: UploadPurpose;
  status: UploadStatus;
  declared_size: string;
  declared_type: string | null;
  file_name: string;
  file_type: string | null;
  file_size: string | null;
  sha256: string | null;
  file_key: string | null;
  taken_at: Date | null;
  expires_at: Date;
}

export interface NewUpload {
  id: string;
  ownerId: string;
  purpose: UploadPurpose;
  declaredSize: number;
  declaredType: string | null;
  fileName: string;
  expiresInMs: number;
}

export interface StoredFacts {
  fileType: string;
  fileSize: number;
  sha256: string;
  fileKey: string;
  expiresInMs: number;
}

const COLUMNS = `id, owner_id, purpose, status, declared_size, declared_type, file_name, file_type, file_size,
  sha256, file_key, taken_at, expires_at`;

/** Every read and write of `uploads`. */
@Injectable()
export class UploadRepository {
  async find(runner: Runner, id: string): Promise<UploadRow | undefined> {
    const [row] = await queryRows<UploadRow>(runner, `SELECT ${COLUMNS} FROM uploads WHERE id = $1`, [id]);
    return row;
  }

  /** Bytes the owner holds: stored uploads and those still receiving, at their declared size. */
  async liveBytes(runner: Runner, ownerId: string): Promise<number> {
    const [row] = await queryRows<{ total: string }>(
      runner,
      "SELECT coalesce(sum(declared_size), 0) AS total FROM uploads WHERE owner_id = $1 AND status <> 'discarded'",
      [ownerId],
    );
    return Number(row!.total);
  }

  async insert(runner: Runner, upload: NewUpload): Promise<void> {
    await runner.query(
      `INSERT INTO uploads (id, owner_id, purpose, declared_size, declared_type, file_name, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + $7 * interval '1 millisecond')`,
      [
        upload.id,
        upload.ownerId,
        upload.purpose,
        upload.declaredSize,
        upload.declaredType,
        upload.fileName,
        upload.expiresInMs,
      ],
    );
  }

  /** receiving → stored; false when the row is no longer receiving (cancelled or expired meanwhile). */
  async markStored(runner: Runner, id: string, facts: StoredFacts): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `UPDATE uploads SET status = 'stored', file_type = $2, file_size = $3, sha256 = $4, file_key = $5,
              stored_at = now(), expires_at = now() + $6 * interval '1 millisecond'
        WHERE id = $1 AND status = 'receiving' RETURNING id`,
      [id, facts.fileType, facts.fileSize, facts.sha256, facts.fileKey, facts.expiresInMs],
    );
    return rows.length === 1;
  }

  /** Marks the upload used, once: only a stored, untaken upload of this owner and purpose. */
  async take(runner: Runner, id: string, ownerId: string, purpose: UploadPurpose): Promise<UploadRow | undefined> {
    const [row] = await queryRows<UploadRow>(
      runner,
      `UPDATE uploads SET taken_at = now()
        WHERE id = $1 AND owner_id = $2 AND purpose = $3 AND status = 'stored' AND taken_at IS NULL
        RETURNING ${COLUMNS}`,
      [id, ownerId, purpose],
    );
    return row;
  }

  /** → discarded; the row as it was (its file key to delete), or undefined when already discarded or unknown. */
  async discard(runner: Runner, id: string): Promise<UploadRow | undefined> {
    const [row] = await queryRows<UploadRow>(
      runner,
      `UPDATE uploads SET status = 'discarded', discarded_at = now()
        WHERE id = $1 AND status <> 'discarded' RETURNING ${COLUMNS}`,
      [id],
    );
    return row;
  }

  /**
   * Discards up to `limit` unused uploads past their expiry and returns them (their staged bytes or
   * stored file to remove). SKIP LOCKED: replicas sweeping at once split the work.
   */
  async discardExpired(runner: Runner, limit: number): Promise<UploadRow[]> {
    return queryRows<UploadRow>(
      runner,
      `UPDATE uploads SET status = 'discarded', discarded_at = now()
        WHERE id IN (SELECT id FROM uploads
                      WHERE taken_at IS NULL AND status <> 'discarded' AND expires_at <= now()
                      ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
      [limit],
    );
  }
}
