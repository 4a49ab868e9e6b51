import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import {
  assertValidContentLength,
  assertValidFileKey,
  DEFAULT_CONTENT_TYPE,
  type FileDownload,
  type FileInfo,
  FileNotFoundError,
  FileSizeMismatchError,
  type FileStore,
  type PutFileOptions,
  resolveContentType,
  type StoredFile,
} from '../file-store.js';

/** S3's smallest part (all but the last) and its largest part count. */
export const S3_MIN_PART_SIZE = 5 * 1024 * 1024;
const S3_MAX_PARTS = 10_000;

export interface S3FileStoreOptions {
  bucket: string;
  /** Default `us-east-1`. */
  region?: string;
  /** An S3-compatible server (MinIO, s3rver, R2...); addressed path-style. Default: AWS. */
  endpoint?: string;
  /** Default: the SDK's chain (environment, profile, web identity, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bytes held per part; two parts are in memory at most (one sent, one filled). Default 5 MiB. */
  partSize?: number;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Files as objects of one bucket. A body is read into parts of `partSize` bytes: a body that fits in
 * one part goes up in a single PutObject, a longer one as a multipart upload, one part sent while the
 * next is read. Memory stays at two parts whatever the size, each part is a buffer the SDK can retry,
 * and the object appears only when the upload completes, so a failed source leaves nothing behind.
 * (A streaming PutObject would need the length up front and cannot be retried.)
 */
export class S3FileStore implements FileStore {
  readonly driver = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly logger?: Pick<Logger, 'warn'>;

  constructor(options: S3FileStoreOptions) {
    const partSize = options.partSize ?? S3_MIN_PART_SIZE;
    if (!Number.isSafeInteger(partSize) || partSize < S3_MIN_PART_SIZE) {
      throw new Error(`S3FileStore: partSize must be an integer of at least ${S3_MIN_PART_SIZE} bytes`);
    }
    this.bucket = options.bucket;
    this.partSize = partSize;
    this.logger = options.logger;
    this.client = new S3Client({
      region: options.region ?? 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // The SDK's default CRC checksums use aws-chunked uploads and headers that S3-compatible
      // servers (s3rver, R2, older MinIO) reject. Integrity in transit rests on TLS; the upload
      // pipeline checksums each file before it reaches the store (ARCHITECTURE §5b).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000 },
    });
  }

  async put(key: string, body: Readable, options: PutFileOptions = {}): Promise<StoredFile> {
    try {
      assertValidFileKey(key);
      assertValidContentLength(options.contentLength);
      const contentType = resolveContentType(options.contentType);
      const expected = options.contentLength;
      // A declared length beyond 10,000 default parts gets parts big enough to fit it.
      const partSize = Math.max(this.partSize, Math.ceil((expected ?? 0) / S3_MAX_PARTS));
      const parts = new PartReader(body, partSize);
      const checkSize = (final: boolean) => {
        if (expected !== undefined && (parts.bytes > expected || (final && parts.bytes !== expected))) {
          throw new FileSizeMismatchError(key, expected, parts.bytes);
        }
      };

      const first = (await parts.next()) ?? Buffer.alloc(0);
      checkSize(first.length < partSize);
      if (first.length < partSize) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            // A copy of the right size: the SDK's request closures keep the body for a few seconds
            // after the response, and `first` is a view on a part-sized buffer.
            Body: Buffer.from(first),
            ContentLength: first.length,
            ContentType: contentType,
          }),
        );
        return { key, size: first.length };
      }
      await this.putMultipart(key, contentType, first, parts, checkSize);
      return { key, size: parts.bytes };
    } catch (error) {
      body.destroy();
      throw error;
    }
  }

  private async putMultipart(
    key: string,
    contentType: string,
    first: Buffer,
    parts: PartReader,
    checkSize: (final: boolean) => void,
  ): Promise<void> {
    const target = { Bucket: this.bucket, Key: key };
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ ...target, ContentType: contentType }),
    );
    const completed: CompletedPart[] = [];
    let sending: Promise<CompletedPart> | undefined;
    try {
      let part: Buffer | undefined = first;
      for (let number = 1; part; number++) {
        if (number > S3_MAX_PARTS) throw new Error(`File "${key}" needs more than ${S3_MAX_PARTS} parts`);
        const PartNumber = number;
        sending = this.client
          .send(new UploadPartCommand({ ...target, UploadId, PartNumber, Body: part, ContentLength: part.length }))
          .then(({ ETag }) => ({ PartNumber, ETag }));
        // Settled below or in the catch; this only keeps a failure meanwhile from counting as unhandled.
        void sending.catch(() => undefined);
        part = await parts.next();
        checkSize(part === undefined);
        completed.push(await sending);
        sending = undefined;
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts: completed } }),
      );
    } catch (error) {
      await sending?.catch(() => undefined);
      await parts.cancel();
      // Without the abort the parts stay billed until the bucket's lifecycle rule (see the ADR) drops them.
      await this.client.send(new AbortMultipartUploadCommand({ ...target, UploadId })).catch((abortError: unknown) => {
        this.logger?.warn({ err: abortError, key, uploadId: UploadId }, 'could not abort a failed multipart upload');
      });
      throw error;
    }
  }

  async get(key: string): Promise<FileDownload> {
    assertValidFileKey(key);
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => rethrowMissing(error, key));
    return {
      key,
      size: object.ContentLength ?? 0,
      contentType: object.ContentType ?? DEFAULT_CONTENT_TYPE,
      // In Node the SDK's body is the HTTP response, an IncomingMessage.
      body: object.Body as Readable,
    };
  }

  async head(key: string): Promise<FileInfo> {
    assertValidFileKey(key);
    const object = await this.client
      .send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => rethrowMissing(error, key));
    return { key, size: object.ContentLength ?? 0, contentType: object.ContentType ?? DEFAULT_CONTENT_TYPE };
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.head(key);
      return true;
    } catch (error) {
      if (error instanceof FileNotFoundError) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidFileKey(key);
    // S3 answers 204 whether or not the object existed.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

// GET names a missing key NoSuchKey (a missing bucket is NoSuchBucket and stays an error); HEAD has
// no body, so the SDK can only say NotFound.
function rethrowMissing(error: unknown, key: string): never {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'NoSuchKey' || name === 'NotFound') throw new FileNotFoundError(key);
  throw error;
}

/**
 * Cuts a stream into parts of `partSize` bytes, copied into two buffers used in turn: a part handed
 * out stays intact until the second call to `next` after it. The buffers are allocated without
 * zeroing, so a small body commits only the pages it writes.
 */
class PartReader {
  bytes = 0;
  private readonly chunks: AsyncIterator<unknown>;
  private readonly buffers: Buffer[] = [];
  private turn = 0;
  private rest: Buffer | undefined;
  private ended = false;

  constructor(
    body: Readable,
    private readonly partSize: number,
  ) {
    this.chunks = body[Symbol.asyncIterator]();
  }

  /** The next part, or undefined after the last. */
  async next(): Promise<Buffer | undefined> {
    const buffer = (this.buffers[this.turn] ??= Buffer.allocUnsafeSlow(this.partSize));
    let filled = 0;
    while (filled < this.partSize) {
      let chunk = this.rest;
      this.rest = undefined;
      if (!chunk) {
        if (this.ended) break;
        const result = await this.chunks.next();
        if (result.done) {
          this.ended = true;
          break;
        }
        chunk = toBuffer(result.value);
        this.bytes += chunk.length;
      }
      const taken = chunk.copy(buffer, filled);
      filled += taken;
      if (taken < chunk.length) this.rest = chunk.subarray(taken);
    }
    if (filled === 0) return undefined;
    this.turn ^= 1;
    return buffer.subarray(0, filled);
  }

  /** Stops reading and destroys the source. */
  async cancel(): Promise<void> {
    await this.chunks.return?.();
  }
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('FileStore bodies must be streams of bytes');
}
