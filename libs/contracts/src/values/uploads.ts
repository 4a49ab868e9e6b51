/** API.md "Portfolio and files": what an upload is for, and the size each purpose allows. */
export const uploadPurposes = ['portfolio', 'attachment', 'avatar'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

const MB = 1000 * 1000;

/** The largest file each purpose takes (declared `Upload-Length` above it: 413 at creation). */
export const UPLOAD_LIMIT_BYTES_BY_PURPOSE: Readonly<Record<UploadPurpose, number>> = {
  portfolio: 50 * MB,
  attachment: 50 * MB,
  avatar: 5 * MB,
};

/** Per user, stored and staged together (the portfolio service's UPLOAD_QUOTA_BYTES overrides it). */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 500 * MB;

/** The tus endpoint the web's client posts to (relative `Location`s come back under it). */
export const UPLOADS_PATH = '/api/uploads';

export const UploadsErrorCode = {
  /** 413: the declared length is over the purpose's limit. */
  UploadTooLarge: 'UPLOAD_TOO_LARGE',
  /** 413: the user's stored and staged bytes would pass the quota. */
  UploadQuotaExceeded: 'UPLOAD_QUOTA_EXCEEDED',
  /** 415: the bytes are not a type the purpose allows (the common UNSUPPORTED_MEDIA_TYPE code). */
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** 422: the malware scanner found something in the file. */
  MalwareDetected: 'MALWARE_DETECTED',
  /** 409: a PATCH to an upload that already has all its bytes. */
  UploadFinished: 'UPLOAD_FINISHED',
  /** 409: DELETE of a finished upload that a portfolio item, avatar or message uses. */
  UploadInUse: 'UPLOAD_IN_USE',
  /** 503: the malware scanner is configured but cannot be reached; the upload may be finished again later. */
  ScannerUnavailable: 'SCANNER_UNAVAILABLE',
} as const;
