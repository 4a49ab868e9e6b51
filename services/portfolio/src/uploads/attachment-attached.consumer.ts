import { Inject, Injectable } from '@nestjs/common';
import { type EventPayload, MessageAttachmentAttachedV1 } from '@projectory/contracts';
import { type EventContext, LOGGER, OnEvent } from '@projectory/platform';
import type { Logger } from 'pino';
import { UploadRepository } from '../repositories/upload.repository.js';

/**
 * Messaging sent an attachment upload in a message: the upload is taken (used), so the expiry sweep
 * leaves it alone. A redelivered event finds it taken already and changes nothing. Messaging only
 * attaches uploads with time to spare before their expiry (services/messaging/README.md), so the sweep
 * cannot come first unless this consumer was down for that long; that is logged.
 */
@Injectable()
export class AttachmentAttachedConsumer {
  constructor(
    private readonly uploads: UploadRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @OnEvent(MessageAttachmentAttachedV1)
  async attached(event: EventPayload<typeof MessageAttachmentAttachedV1>, { manager }: EventContext): Promise<void> {
    const taken = await this.uploads.take(manager, event.uploadId, event.ownerId, 'attachment');
    if (taken) return;
    const row = await this.uploads.find(manager, event.uploadId);
    if (row?.taken_at) return;
    this.logger.warn(
      { uploadId: event.uploadId, messageId: event.messageId, status: row?.status ?? 'unknown' },
      'an attached upload could not be taken',
    );
  }
}
