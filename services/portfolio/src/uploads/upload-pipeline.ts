import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline, Transform } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { AttachmentStoredV1, UPLOAD_LIMIT_BYTES_BY_PURPOSE, type UploadPurpose } from '@projectory/contracts';
import {
  FILE_STORE,
  type FileStore,
  LOGGER,
  lockTransaction,
  OutboxService,
  SERVICE_CONTEXT,
  type ServiceContext,
} from '@projectory/platform';
import { fileTypeFromFile } from 'file-type';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { portfolioConfig } from '../portfolio.config.js';
import { ClamdClient, ScannerError } from './clamd.js';
import { type StoredFacts, UploadRepository, type UploadRow } from '../repositories/upload.repository.js';
import { fileKeyOf, type StoredUpload, toStoredUpload, UploadService } from './upload.service.js';
import { UploadStaging } from './upload-staging.js';
import { ALLOWED_TYPES, declaresText, TEXT_TYPE, TextCheck } from './upload-types.js';
import { UploadsException } from './uploads.exception.js';

export interface UploadRequest {
  ownerId: string;
  purpose: UploadPurpose;
  size: number;
  fileName: string;
  declaredType: string | null;
}

/**
 * The upload pipeline around tus: a new upload is checked (purpose limit, the owner's quota) and
 * recorded before tus stages its bytes; a complete one is checked from its bytes (type, UTF-8 for
 * text), checksummed, scanned when clamd is configured, and moved into the FileStore.
 */
@Injectable()
export class UploadPipeline {
  private readonly scanner?: ClamdClient;
  private readonly finishing = new Map<string, Promise<StoredUpload>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: UploadRepository,
    private readonly service: UploadService,
    private readonly staging: UploadStaging,
    private readonly outbox: OutboxService,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext<typeof portfolioConfig>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const { CLAMAV_HOST, CLAMAV_PORT, CLAMAV_TIMEOUT_MS } = context.config;
    if (CLAMAV_HOST) this.scanner = new ClamdClient(CLAMAV_HOST, CLAMAV_PORT, CLAMAV_TIMEOUT_MS);
  }

  get expiryMs(): number {
    return this.context.config.UPLOAD_EXPIRY_MS;
  }

  /** Records a new upload (its id for tus), or refuses it: 413 past the purpose's limit or the owner's quota. */
  async create(request: UploadRequest): Promise<string> {
    if (request.size > UPLOAD_LIMIT_BYTES_BY_PURPOSE[request.purpose]) throw UploadsException.tooLarge(request.purpose);
    const quota = this.context.config.UPLOAD_QUOTA_BYTES;
    const id = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      // One creation per owner at a time, so two parallel uploads cannot both fit the last free space.
      await lockTransaction(manager, `portfolio.uploads:${request.ownerId}`);
      const used = await this.uploads.liveBytes(manager, request.ownerId);
      if (used + request.size > quota) throw UploadsException.quotaExceeded(quota, used);
      await this.uploads.insert(manager, {
        id,
        ...request,
        declaredSize: request.size,
        expiresInMs: this.expiryMs,
      });
    });
    return id;
  }

  /** The owner's upload, or undefined for anyone else (a 404 to them), and for discarded ones. */
  async findOwn(id: string, ownerId: string): Promise<UploadRow | undefined> {
    const row = await this.uploads.find(this.dataSource, id);
    return row && row.owner_id === ownerId && row.status !== 'discarded' ? row : undefined;
  }

  /** How many bytes are staged for a receiving upload (tus's offset). */
  async stagedBytes(id: string): Promise<number | undefined> {
    return stat(this.staging.bytesPath(id)).then(
      (stats) => stats.size,
      () => undefined,
    );
  }

  /** Cancels an upload (its staged bytes or stored file go); idempotent. */
  async cancel(id: string): Promise<void> {
    await this.service.discard(this.dataSource.manager, id);
  }

  /**
   * Finishes a complete upload once, however many requests ask at the same time (the last PATCH and
   * a HEAD after a restart): stored → the record; refused → the bytes are removed and the refusal thrown.
   */
  finish(id: string): Promise<StoredUpload> {
    let running = this.finishing.get(id);
    if (!running) {
      running = this.runFinish(id).finally(() => this.finishing.delete(id));
      this.finishing.set(id, running);
    }
    return running;
  }

  private async runFinish(id: string): Promise<StoredUpload> {
    const row = await this.uploads.find(this.dataSource, id);
    if (!row || row.status === 'discarded') throw new UploadGoneError();
    if (row.status === 'stored') return toStoredUpload(row);
    const path = this.staging.bytesPath(id);
    const size = Number(row.declared_size);
    try {
      // The type from the first bytes (a zip's directory for Office files), before anything reads the rest.
      const fileType = await this.detectType(row, path);
      await this.scan(path);
      // One read of the file: into the FileStore, hashed and checked for text on the way.
      const fileKey = fileKeyOf(row);
      const { sha256, text } = await this.store(path, fileKey, fileType, size);
      if (fileType === TEXT_TYPE && !text) {
        await this.files.delete(fileKey);
        throw UploadsException.unsupportedType(row.purpose, undefined);
      }
      const facts = { fileType, fileSize: size, sha256, fileKey, expiresInMs: this.expiryMs };
      if (!(await this.markStored(row, facts))) {
        // Cancelled or expired while it was being checked: what was just stored goes too.
        await this.service.removeBytes({ ...row, file_key: fileKey });
        throw new UploadGoneError();
      }
      await this.staging.remove(id);
      return toStoredUpload({
        ...row,
        status: 'stored',
        file_type: fileType,
        file_size: String(size),
        sha256,
        file_key: fileKey,
      });
    } catch (error) {
      if (error instanceof UploadsException && error.statusCode !== 503) {
        this.logger.info({ uploadId: id, code: error.code, reason: error.message }, 'upload refused');
        await this.cancel(id);
      }
      throw error;
    }
  }

  /**
   * receiving → stored (false when cancelled or expired meanwhile). An attachment is announced in the
   * same transaction, so messaging learns of every stored attachment and of no other. Its expiry is
   * read before the row's (`now()` of the update), so messaging never thinks it lives longer than it does.
   */
  private async markStored(row: UploadRow, facts: StoredFacts): Promise<boolean> {
    const storedAt = new Date();
    const expiresAt = new Date(storedAt.getTime() + facts.expiresInMs);
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.uploads.markStored(manager, row.id, facts))) return false;
      if (row.purpose === 'attachment') {
        await this.outbox.add(manager, AttachmentStoredV1, row.id, {
          uploadId: row.id,
          ownerId: row.owner_id,
          fileKey: facts.fileKey,
          fileName: row.file_name,
          fileType: facts.fileType,
          fileSize: facts.fileSize,
          sha256: facts.sha256,
          storedAt: storedAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
        });
      }
      return true;
    });
  }

  /** The detected type when the purpose allows it; plain text (no magic number) only when declared as text. */
  private async detectType(row: UploadRow, path: string): Promise<string> {
    const detected = await fileTypeFromFile(path);
    const allowed = ALLOWED_TYPES[row.purpose];
    if (detected) {
      if (allowed.includes(detected.mime)) return detected.mime;
      throw UploadsException.unsupportedType(row.purpose, detected.mime);
    }
    if (allowed.includes(TEXT_TYPE) && declaresText(row.file_name, row.declared_type)) return TEXT_TYPE;
    throw UploadsException.unsupportedType(row.purpose, undefined);
  }

  /** Streams the staged file into the FileStore; its SHA-256, and whether it is text (valid UTF-8, no NUL). */
  private async store(path: string, key: string, contentType: string, size: number) {
    const hash = createHash('sha256');
    const text = new TextCheck();
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        text.update(chunk);
        callback(null, chunk);
      },
    });
    const body = pipeline(createReadStream(path, { highWaterMark: 256 * 1024 }), tap, () => undefined);
    await this.files.put(key, body, { contentType, contentLength: size });
    return { sha256: hash.digest('hex'), text: text.result() };
  }

  private async scan(path: string): Promise<void> {
    if (!this.scanner) return;
    try {
      const result = await this.scanner.scanFile(path);
      if (!result.clean) throw UploadsException.malware(result.signature);
    } catch (error) {
      if (!(error instanceof ScannerError)) throw error;
      this.logger.warn({ err: error }, 'malware scan failed');
      throw UploadsException.scannerUnavailable();
    }
  }
}

/** The upload was cancelled or expired while finishing (a 404 to the client). */
export class UploadGoneError extends Error {
  constructor() {
    super('The upload no longer exists');
    this.name = 'UploadGoneError';
  }
}
