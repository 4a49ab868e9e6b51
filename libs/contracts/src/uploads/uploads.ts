import { z } from 'zod';
import { uploadPurposes } from '../values/uploads.js';

/** A finished, stored, clean upload as the portfolio service records it (`POST /internal/uploads/:id/take`). */
export const storedUploadSchema = z.object({
  id: z.uuid(),
  ownerId: z.uuid(),
  purpose: z.enum(uploadPurposes),
  fileKey: z.string().min(1),
  fileName: z.string().min(1),
  fileType: z.string().min(1),
  fileSize: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type StoredUploadDto = z.infer<typeof storedUploadSchema>;

/** Body of `POST /internal/uploads/:id/take`: the caller names whose upload it expects and what for. */
export const takeUploadSchema = z.object({
  ownerId: z.uuid(),
  purpose: z.enum(uploadPurposes),
});
export type TakeUploadInput = z.infer<typeof takeUploadSchema>;
