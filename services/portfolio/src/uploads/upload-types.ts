import type { UploadPurpose } from '@projectory/contracts';

const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/heic', 'image/bmp'];
const OFFICE = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
];
export const TEXT_TYPE = 'text/plain';
const WORK = ['application/pdf', ...IMAGES, ...OFFICE, 'application/zip', 'video/mp4', TEXT_TYPE];

/**
 * The types each purpose takes, as detected from the bytes (file-type's MIME names). Legacy Office
 * files (OLE compound documents) are not among them: the same container holds MSI installers.
 */
export const ALLOWED_TYPES: Readonly<Record<UploadPurpose, readonly string[]>> = {
  portfolio: WORK,
  attachment: WORK,
  avatar: ['image/png', 'image/jpeg', 'image/webp'],
};

/** Images are shown inline when served; everything else downloads (`Content-Disposition: attachment`). */
export const isInlineImage = (type: string) => IMAGES.includes(type);

const TEXT_EXTENSIONS = /\.(txt|text|md|markdown|csv|tsv|log|json|ya?ml|xml|rst|tex)$/i;

/** Plain text has no magic number: only when the client says text (type or name) is it considered. */
export function declaresText(fileName: string, declaredType: string | null): boolean {
  const type = (declaredType ?? '').split(';')[0]!.trim().toLowerCase();
  return type.startsWith('text/') || TEXT_EXTENSIONS.test(fileName);
}

/** Streams chunks through a strict UTF-8 decoder: valid UTF-8 with no NUL byte is text. */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private valid = true;

  update(chunk: Uint8Array): void {
    if (!this.valid) return;
    if (chunk.includes(0)) {
      this.valid = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.valid = false;
    }
  }

  /** Whether everything seen was text, the end included (a sequence cut at the end is not). */
  result(): boolean {
    if (!this.valid) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
