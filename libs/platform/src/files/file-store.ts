import type { Readable } from 'node:stream';

export type FileStoreDriver = 'local' | 's3';

export interface PutFileOptions {
  /** Stored with the bytes and given back by `get` and `head`; `application/octet-stream` when left out. */
  contentType?: string;
  /** The size the caller expects; a body of another size is refused and nothing is stored. */
  contentLength?: number;
}

export interface StoredFile {
  key: string;
  size: number;
}

export interface FileInfo extends StoredFile {
  contentType: string;
}

export interface FileDownload extends FileInfo {
  /** The caller must read it to the end or destroy it: it holds a file handle or a connection. */
  body: Readable;
}

/**
 * The port for file bytes (ARCHITECTURE §2, §5b): local disk embedded, S3 distributed. Keys are
 * made by the server (`portfolio/<uuid>/<uuid>`), never by users. A put is all or nothing: readers
 * see the previous file or the complete new one, never a part, and a failed put leaves nothing new.
 */
export interface FileStore {
  readonly driver: FileStoreDriver;
  /** Consumes `body` to the end; on failure the body is destroyed and the error rethrown. */
  put(key: string, body: Readable, options?: PutFileOptions): Promise<StoredFile>;
  /** Rejects with FileNotFoundError when there is no file under the key. */
  get(key: string): Promise<FileDownload>;
  /** Rejects with FileNotFoundError when there is no file under the key. */
  head(key: string): Promise<FileInfo>;
  exists(key: string): Promise<boolean>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export const FILE_STORE = Symbol('FILE_STORE');

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export class FileNotFoundError extends Error {
  readonly code = 'FILE_NOT_FOUND';
  constructor(readonly key: string) {
    super(`No file under key "${key}"`);
    this.name = 'FileNotFoundError';
  }
}

export class InvalidFileKeyError extends Error {
  readonly code = 'INVALID_FILE_KEY';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid file key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidFileKeyError';
  }
}

export class FileSizeMismatchError extends Error {
  readonly code = 'FILE_SIZE_MISMATCH';
  constructor(
    readonly key: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`File "${key}": expected ${expected} bytes, the body ${actual > expected ? 'has more' : `had ${actual}`}`);
    this.name = 'FileSizeMismatchError';
  }
}

// One rule for every driver, strict enough that a key is the same plain relative path on any disk
// and in any bucket: segments of letters, digits, `.`, `_`, `-`, none empty or starting with a dot
// (so no `.`/`..`, and the local driver can keep its temporary and metadata files beside the data
// under dot-names that no key can take).
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 1024;

/** Throws InvalidFileKeyError unless `key` is a relative path like `portfolio/<uuid>/<uuid>`. */
export function assertValidFileKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidFileKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidFileKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (key.includes('\0')) throw new InvalidFileKeyError(key, 'contains NUL');
  if (key.includes('\\')) throw new InvalidFileKeyError(key, 'contains a backslash');
  if (key.startsWith('/')) throw new InvalidFileKeyError(key, 'is absolute');
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.') throw new InvalidFileKeyError(key, 'has a dot segment');
    if (!SEGMENT.test(segment)) {
      throw new InvalidFileKeyError(key, 'segments are 1-200 of A-Z a-z 0-9 . _ - and do not start with a dot');
    }
  }
}

const CONTENT_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;[\x20-\x7e]*)?$/;

/** The content type to store: the given one when it is a well-formed media type, the default when none. */
export function resolveContentType(contentType: string | undefined): string {
  if (contentType === undefined) return DEFAULT_CONTENT_TYPE;
  if (!CONTENT_TYPE.test(contentType)) throw new TypeError(`Invalid content type ${JSON.stringify(contentType)}`);
  return contentType;
}

export function assertValidContentLength(contentLength: number | undefined): void {
  if (contentLength !== undefined && !(Number.isSafeInteger(contentLength) && contentLength >= 0)) {
    throw new TypeError(`Invalid content length ${contentLength}`);
  }
}
