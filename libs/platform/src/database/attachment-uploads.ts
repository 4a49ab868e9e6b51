import type { AttachmentStoredV1, EventPayload } from '@projectory/contracts';
import { queryRows, type Runner } from './query-rows.js';
import { tableIdentifier } from './upsert-snapshot.js';

/** portfolio.attachment.stored: a stored upload of purpose `attachment`. */
export type StoredAttachment = EventPayload<typeof AttachmentStoredV1>;

/** An upload's record as the service reads it back (`file_size` is a bigint: a string). */
export interface AttachmentUploadRow {
  upload_id: string;
  owner_id: string;
  file_key: string;
  file_name: string;
  file_type: string;
  file_size: string;
}

const COLUMNS = ['upload_id', 'owner_id', 'file_key', 'file_name', 'file_type', 'file_size'] as const;

/**
 * The statements of a read model of portfolio's stored attachment uploads, kept by a service that lets
 * its users name one (messaging's `attachment_uploads`, matching's `workspace_uploads`). Its `table`:
 * `upload_id uuid PRIMARY KEY, owner_id uuid, file_key, file_name, file_type text, file_size bigint,
 * sha256 text, stored_at, expires_at timestamptz`, all NOT NULL. The name is checked here, once.
 */
export function attachmentUploads(table: string) {
  const tableSql = tableIdentifier(table, 'attachmentUploads');
  return {
    /** The columns of `AttachmentUploadRow`, qualified by the table's alias in the caller's statement. */
    columns: (alias: string): string => COLUMNS.map((column) => `${alias}.${column}`).join(', '),

    /** Writes the upload's record once (it never changes): a redelivered event changes nothing. */
    async insert(runner: Runner, upload: StoredAttachment): Promise<void> {
      await queryRows(
        runner,
        `INSERT INTO ${tableSql}
           (upload_id, owner_id, file_key, file_name, file_type, file_size, sha256, stored_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (upload_id) DO NOTHING`,
        [
          upload.uploadId,
          upload.ownerId,
          upload.fileKey,
          upload.fileName,
          upload.fileType,
          upload.fileSize,
          upload.sha256,
          upload.storedAt,
          upload.expiresAt,
        ],
      );
    },

    /**
     * The owner's upload, if its event has come: `expiring` when portfolio would sweep it within
     * `marginMs` (a service takes an upload only with time to spare).
     */
    async own(
      runner: Runner,
      { uploadId, ownerId, marginMs }: { uploadId: string; ownerId: string; marginMs: number },
    ): Promise<(AttachmentUploadRow & { expiring: boolean }) | undefined> {
      const [row] = await queryRows<AttachmentUploadRow & { expiring: boolean }>(
        runner,
        `SELECT ${COLUMNS.join(', ')}, expires_at <= now() + $3 * interval '1 millisecond' AS expiring
           FROM ${tableSql} WHERE upload_id = $1 AND owner_id = $2`,
        [uploadId, ownerId, marginMs],
      );
      return row;
    },
  };
}
