import { Inject, Injectable } from '@nestjs/common';
import { type EventPayload, SubmissionMadeV1 } from '@projectory/contracts';
import { type EventContext, LOGGER, OnEvent } from '@projectory/platform';
import type { Logger } from 'pino';
import { UploadRepository } from '../repositories/upload.repository.js';

/**
 * The student submitted an attachment upload for a workspace milestone (matching): the upload is taken,
 * as for a message (AttachmentAttachedConsumer), so the expiry sweep leaves it alone. Matching takes only
 * uploads with time to spare before their expiry; a take that came too late is logged.
 */
@Injectable()
export class SubmissionMadeConsumer {
  constructor(
    private readonly uploads: UploadRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @OnEvent(SubmissionMadeV1)
  async submitted(event: EventPayload<typeof SubmissionMadeV1>, { manager }: EventContext): Promise<void> {
    if (event.uploadId === null) return;
    const taken = await this.uploads.take(manager, event.uploadId, event.studentId, 'attachment');
    if (taken) return;
    const row = await this.uploads.find(manager, event.uploadId);
    if (row?.taken_at) return;
    this.logger.warn(
      { uploadId: event.uploadId, submissionId: event.submissionId, status: row?.status ?? 'unknown' },
      'a submitted upload could not be taken',
    );
  }
}
