import { Injectable } from '@nestjs/common';
import type { EventPayload, AttachmentStoredV1 } from '@projectory/contracts';
import { queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

export interface AttachmentRow {
  upload_id: string;
  owner_id: string;
  file_key: string;
  file_name: string;
  file_type: string;
  file_size: string;
}

const COLUMNS = 'a.upload_id, a.owner_id, a.file_key, a.file_name, a.file_type, a.file_size';

/** Every statement on `attachment_uploads` (ADR 0009). */
@Injectable()
export class AttachmentRepository {
  /** portfolio.attachment.stored: the upload's record, once (it never changes). */
  async applyStored(manager: EntityManager, upload: EventPayload<typeof AttachmentStoredV1>): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO attachment_uploads
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
  }

  /** The owner's upload, if known here: `expiring` when the portfolio service would sweep it within `marginMs`. */
  async ownUpload(
    runner: Runner,
    uploadId: string,
    ownerId: string,
    marginMs: number,
  ): Promise<(AttachmentRow & { expiring: boolean }) | null> {
    const rows = await queryRows<AttachmentRow & { expiring: boolean }>(
      runner,
      `SELECT ${COLUMNS}, a.expires_at <= now() + $3 * interval '1 millisecond' AS expiring
         FROM attachment_uploads a WHERE a.upload_id = $1 AND a.owner_id = $2`,
      [uploadId, ownerId, marginMs],
    );
    return rows[0] ?? null;
  }

  /** A sent attachment, if `userId` takes part in the conversation of its message. */
  async forParticipant(runner: Runner, uploadId: string, userId: string): Promise<AttachmentRow | null> {
    const rows = await queryRows<AttachmentRow>(
      runner,
      `SELECT ${COLUMNS} FROM attachment_uploads a
         JOIN messages m ON m.attachment_id = a.upload_id
         JOIN conversations c ON c.match_id = m.match_id
        WHERE a.upload_id = $1 AND (c.student_id = $2 OR c.employer_id = $2)`,
      [uploadId, userId],
    );
    return rows[0] ?? null;
  }
}
