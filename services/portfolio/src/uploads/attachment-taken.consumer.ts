import { Inject, Injectable } from '@nestjs/common';
import { type EventPayload, MessageAttachmentAttachedV1, SubmissionMadeV1 } from '@projectory/contracts';
import { type EventContext, LOGGER, OnEvent } from '@projectory/platform';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { UploadRepository } from '../repositories/upload.repository.js';

/**
 * An attachment upload was used: messaging sent it in a message, or matching took it in a workspace
 * submission. The upload is taken, so the expiry sweep leaves it alone; a redelivered event finds it taken
 * already and changes nothing. Both services use only uploads with time to spare before their expiry
 * (services/messaging/README.md), so the sweep cannot come first unless this consumer was down for that
 * long; that is logged.
 */
@Injectable()
export class AttachmentTakenConsumer {
  constructor(
    private readonly uploads: UploadRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @OnEvent(MessageAttachmentAttachedV1)
  async attached(event: EventPayload<typeof MessageAttachmentAttachedV1>, { manager }: EventContext): Promise<void> {
    await this.take(manager, event.uploadId, event.ownerId, { messageId: event.messageId }, 'an attached upload');
  }

  @OnEvent(SubmissionMadeV1)
  async submitted(event: EventPayload<typeof SubmissionMadeV1>, { manager }: EventContext): Promise<void> {
    if (event.uploadId === null) return;
    await this.take(
      manager,
      event.uploadId,
      event.studentId,
      { submissionId: event.submissionId },
      'a submitted upload',
    );
  }

  /** Takes the owner's attachment upload; one that cannot be, and was not taken before, is logged with `use`. */
  private async take(
    manager: EntityManager,
    uploadId: string,
    ownerId: string,
    use: { messageId: string } | { submissionId: string },
    what: string,
  ): Promise<void> {
    if (await this.uploads.take(manager, uploadId, ownerId, 'attachment')) return;
    const row = await this.uploads.find(manager, uploadId);
    if (row?.taken_at) return;
    this.logger.warn({ uploadId, ...use, status: row?.status ?? 'unknown' }, `${what} could not be taken`);
  }
}
