import { Injectable } from '@nestjs/common';
import { AttachmentStoredV1, type EventPayload } from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { WorkspaceRepository } from '../repositories/workspace.repository.js';

/**
 * Portfolio stored an upload of purpose `attachment` (it announces no other): matching keeps its record in
 * `workspace_uploads`, so that the student can name it in a submission (as messaging keeps them for messages,
 * services/messaging/README.md "Attachments: design (a)").
 */
@Injectable()
export class WorkspaceUploadsConsumer {
  constructor(private readonly workspaces: WorkspaceRepository) {}

  @OnEvent(AttachmentStoredV1)
  async stored(upload: EventPayload<typeof AttachmentStoredV1>, { manager }: EventContext): Promise<void> {
    await this.workspaces.applyUpload(manager, upload);
  }
}
