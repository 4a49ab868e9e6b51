import { Inject, Injectable, type Type } from '@nestjs/common';
import { AttachmentStoredV1 } from '@projectory/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredAttachment } from '../database/attachment-uploads.js';
import { type EventContext, OnEvent } from './event-consumer.js';

/** A repository that keeps an attachment uploads read model: `applyUpload` writes the record once. */
export interface AttachmentUploadsReadModel {
  applyUpload(manager: EntityManager, upload: StoredAttachment): Promise<unknown>;
}

/**
 * The consumer of an attachment uploads read model (portfolio's AttachmentStored) that does nothing but
 * write it: list `attachmentUploadsConsumer(Repository)` among the service's providers. Its one handler
 * calls the repository's `applyUpload(manager, upload)` (`attachmentUploads(table).insert`).
 */
export function attachmentUploadsConsumer(repository: Type<AttachmentUploadsReadModel>): Type<unknown> {
  @Injectable()
  class AttachmentUploadsConsumer {
    constructor(@Inject(repository) private readonly uploads: AttachmentUploadsReadModel) {}

    @OnEvent(AttachmentStoredV1)
    async stored(upload: StoredAttachment, { manager }: EventContext): Promise<void> {
      await this.uploads.applyUpload(manager, upload);
    }
  }
  return AttachmentUploadsConsumer;
}
