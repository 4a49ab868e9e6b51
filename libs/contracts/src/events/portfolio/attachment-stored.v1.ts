import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { personalData } from '../personal-data.js';

/**
 * An upload of purpose `attachment` is stored (checked, checksummed, in the FileStore): messaging keeps
 * it in its read model until its owner sends it in a message. `expiresAt`: when the portfolio service
 * removes it unless it was taken by then (MessageAttachmentAttached).
 */
export const AttachmentStoredV1 = defineEvent({
  type: 'portfolio.attachment.stored',
  version: 1,
  topic: Topics.PortfolioUploads,
  schema: z.object({
    uploadId: z.uuid(),
    ownerId: z.uuid(),
    fileKey: z.string().min(1),
    /** As the user named the file: may name a person (a CV, a certificate). */
    fileName: personalData(z.string().min(1)),
    fileType: z.string().min(1),
    fileSize: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    storedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  }),
});
