import { Inject, Injectable } from '@nestjs/common';
import { afterCommit, FILE_STORE, type FileStore, isUuid, LOGGER, ValidationException } from '@projectory/platform';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { UploadRepository, type UploadRow } from '../repositories/upload.repository.js';
import { UploadStaging } from './upload-staging.js';

/** A finished, stored, clean upload (the shared plan of issue 12: what items, avatars and attachments take). */
export interface StoredUpload {
  id: string;
  ownerId: string;
  purpose: 'portfolio' | 'attachment' | 'avatar';
  fileKey: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  sha256: string;
}

export function toStoredUpload(row: UploadRow): StoredUpload {
  return {
    id: row.id,
    ownerId: row.owner_id,
    purpose: row.purpose,
    fileKey: row.file_key!,
    fileName: row.file_name,
    fileType: row.file_type!,
    fileSize: Number(row.file_size),
    sha256: row.sha256!,
  };
}

/** Where an upload's bytes live in the FileStore once stored: one key per upload, made by the server. */
export const fileKeyOf = (row: Pick<UploadRow, 'id' | 'owner_id' | 'purpose'>) =>
  `${row.purpose}/${row.owner_id}/${row.id}`;

/** What other parts of the service do with finished uploads: take one (once), and remove one's file. */
@Injectable()
export class UploadService {
  constructor(
    private readonly uploads: UploadRepository,
    private readonly staging: UploadStaging,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Inside the caller's transaction: marks a finished, stored, clean upload of this owner and purpose
   * as used (once only) and returns it; otherwise the standard 400 naming `uploadId`. A foreign, unknown,
   * unfinished, refused, expired or already used upload all get the same answer.
   */
  async takeFinished(
    manager: EntityManager,
    input: { uploadId: string; ownerId: string; purpose: StoredUpload['purpose'] },
  ): Promise<StoredUpload> {
    const row =
      typeof input.uploadId === 'string' && isUuid(input.uploadId)
        ? await this.uploads.take(manager, input.uploadId.toLowerCase(), input.ownerId, input.purpose)
        : undefined;
    if (!row) throw new ValidationException([{ path: 'uploadId', message: 'Upload not found or not finished' }]);
    return toStoredUpload(row);
  }

  /**
   * Removes the upload's file (its item deleted, an avatar replaced): the record is marked discarded
   * now, the bytes go once the caller's transaction commits (at once when there is none), so a rollback
   * leaves the file in place. Unknown or already discarded ids are a no-op.
   */
  async discard(manager: EntityManager, uploadId: string): Promise<void> {
    if (!isUuid(uploadId)) return;
    const row = await this.uploads.discard(manager, uploadId.toLowerCase());
    if (!row) return;
    const remove = () => this.removeBytes(row);
    if (manager.queryRunner?.isTransactionActive) afterCommit(manager, remove);
    else await remove();
  }

  /** The bytes of a discarded upload: the stored file, or what was staged. */
  async removeBytes(row: Pick<UploadRow, 'id' | 'owner_id' | 'purpose' | 'file_key'>): Promise<void> {
    try {
      // The key is known before the row records it: a finish cut short may have stored the file already.
      await this.files.delete(row.file_key ?? fileKeyOf(row));
      await this.staging.remove(row.id);
    } catch (error) {
      this.logger.warn({ err: error, uploadId: row.id }, 'removing the bytes of a discarded upload failed');
    }
  }
}
