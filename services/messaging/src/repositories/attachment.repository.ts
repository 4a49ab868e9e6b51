import { Injectable } from '@nestjs/common';
import {
  attachmentUploads,
  type AttachmentUploadRow,
  queryRows,
  type Runner,
  type StoredAttachment,
} from '@projectory/platform';
import type { EntityManager } from 'typeorm';

export type AttachmentRow = AttachmentUploadRow;

const uploads = attachmentUploads('attachment_uploads');

/** Every statement on `attachment_uploads` (ADR 0009), platform's `attachmentUploads` read model. */
@Injectable()
export class AttachmentRepository {
  /** portfolio.attachment.stored: the upload's record, once (it never changes). */
  async applyUpload(manager: EntityManager, upload: StoredAttachment): Promise<void> {
    await uploads.insert(manager, upload);
  }

  /** The owner's upload, if known here: `expiring` when the portfolio service would sweep it within `marginMs`. */
  ownUpload(runner: Runner, uploadId: string, ownerId: string, marginMs: number) {
    return uploads.own(runner, { uploadId, ownerId, marginMs });
  }

  /** A sent attachment, if `userId` takes part in the conversation of its message. */
  async forParticipant(runner: Runner, uploadId: string, userId: string): Promise<AttachmentRow | null> {
    const rows = await queryRows<AttachmentRow>(
      runner,
      `SELECT ${uploads.columns('a')} FROM attachment_uploads a
         JOIN messages m ON m.attachment_id = a.upload_id
         JOIN conversations c ON c.match_id = m.match_id
        WHERE a.upload_id = $1 AND (c.student_id = $2 OR c.employer_id = $2)`,
      [uploadId, userId],
    );
    return rows[0] ?? null;
  }
}
