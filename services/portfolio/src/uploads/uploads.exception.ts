import { UPLOAD_LIMIT_BYTES_BY_PURPOSE, type UploadPurpose, UploadsErrorCode } from '@projectory/contracts';
import { AppException } from '@projectory/platform';

const MB = 1000 * 1000;
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** The upload pipeline's refusals, in API.md's error shape. */
export class UploadsException extends AppException {
  static tooLarge(purpose: UploadPurpose): UploadsException {
    const limit = UPLOAD_LIMIT_BYTES_BY_PURPOSE[purpose];
    return new UploadsException(
      413,
      UploadsErrorCode.UploadTooLarge,
      `A ${purpose} file may be at most ${megabytes(limit)}`,
      [{ path: 'Upload-Length', message: `A ${purpose} file may be at most ${megabytes(limit)}` }],
    );
  }

  static quotaExceeded(quota: number, used: number): UploadsException {
    return new UploadsException(
      413,
      UploadsErrorCode.UploadQuotaExceeded,
      `Your files may take up to ${megabytes(quota)} in all; ${megabytes(used)} are in use. Remove some to upload more`,
    );
  }

  static unsupportedType(purpose: UploadPurpose, found: string | undefined): UploadsException {
    const allowed =
      purpose === 'avatar'
        ? 'PNG, JPEG or WebP images'
        : 'PDF, images, Office documents, zip archives, plain text or MP4 video';
    return new UploadsException(
      415,
      UploadsErrorCode.UnsupportedMediaType,
      `This file's contents ${found ? `(${found}) are` : 'are'} not allowed here: a ${purpose} file must be ${allowed}`,
    );
  }

  static malware(signature: string): UploadsException {
    return new UploadsException(
      422,
      UploadsErrorCode.MalwareDetected,
      `The file was refused: the malware scanner found ${signature}`,
    );
  }

  static scannerUnavailable(): UploadsException {
    return new UploadsException(
      503,
      UploadsErrorCode.ScannerUnavailable,
      'The malware scanner is unavailable; try finishing the upload again shortly',
      undefined,
      { 'retry-after': '10' },
    );
  }
}
