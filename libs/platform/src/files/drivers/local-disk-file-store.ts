import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

export interface LocalDiskFileStoreOptions {
  /** Created on first write; embedded mode uses `<data dir>/uploads`. */
  root: string;
}

/** What the sidecar says about the data file it was written with (matched by inode). */
interface Sidecar {
  contentType: string;
  ino: number;
}

/**
 * Files under a root directory, one file per key. A put streams into a temporary file beside the
 * final one, flushes it to disk and renames it over the key: rename within a directory is atomic,
 * so a reader or a crash sees the old file or the whole new one, never half of one. The content
 * type lives in a sidecar (`.<name>.meta.json`) that names the inode of its data file, so a crash
 * between the two renames leaves a default content type, never a wrong one.
 */
export class LocalDiskFileStore implements FileStore {
  readonly driver = 'local';
  readonly root: string;

  constructor(options: LocalDiskFileStoreOptions) {
    this.root = resolve(options.root);
  }

  async put(key: string, body: Readable, options: PutFileOptions = {}): Promise<StoredFile> {
    let temp: string | undefined;
    let tempSidecar: string | undefined;
    let file: WriteStream | undefined;
    try {
      assertValidFileKey(key);
      assertValidContentLength(options.contentLength);
      const contentType = resolveContentType(options.contentType);
      const path = this.pathOf(key);
      await mkdir(dirname(path), { recursive: true });

      const suffix = randomBytes(6).toString('hex');
      temp = siblingPath(path, `${suffix}.tmp`);
      const counter = new ByteCounter(key, options.contentLength);
      // `flush` fsyncs before close: without it a power cut after the rename can leave an empty file.
      file = createWriteStream(temp, { flags: 'wx', mode: 0o640, flush: true });
      await pipeline(body, counter, file);
      const { ino } = await stat(temp);

      tempSidecar = siblingPath(path, `${suffix}.meta.tmp`);
      await writeFile(tempSidecar, JSON.stringify({ contentType, ino } satisfies Sidecar), { flag: 'wx', mode: 0o640 });
      await rename(temp, path);
      temp = undefined;
      await rename(tempSidecar, sidecarPath(path));
      tempSidecar = undefined;
      await syncDirectory(dirname(path));
      return { key, size: counter.bytes };
    } catch (error) {
      body.destroy();
      // A failed pipeline can reject while the temp file's open is still under way: removing it before
      // the stream has closed would leave the file it then creates behind.
      if (file && !file.closed) await new Promise<void>((resolve) => file!.once('close', () => resolve()));
      await Promise.all([temp, tempSidecar].map((leftover) => leftover && rm(leftover, { force: true })));
      throw error;
    }
  }

  async get(key: string): Promise<FileDownload> {
    assertValidFileKey(key);
    const path = this.pathOf(key);
    // The size and content type come from the file this handle holds, even if a put replaces it meanwhile.
    const handle = await open(path, 'r').catch((error: unknown) => rethrowMissing(error, key));
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new FileNotFoundError(key);
      const contentType = await this.contentTypeOf(path, stats.ino);
      return { key, size: stats.size, contentType, body: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<FileInfo> {
    assertValidFileKey(key);
    const path = this.pathOf(key);
    const stats = await stat(path).catch((error: unknown) => rethrowMissing(error, key));
    // A directory is a prefix of other keys, not a file.
    if (!stats.isFile()) throw new FileNotFoundError(key);
    const { size, ino } = stats;
    return { key, size, contentType: await this.contentTypeOf(path, ino) };
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
    const path = this.pathOf(key);
    // Data first: a sidecar without its data file is never read.
    for (const file of [path, sidecarPath(path)]) {
      await unlink(file).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
  }

  async close(): Promise<void> {}

  private pathOf(key: string): string {
    return join(this.root, ...key.split('/'));
  }

  private async contentTypeOf(path: string, ino: number): Promise<string> {
    try {
      const sidecar = JSON.parse(await readFile(sidecarPath(path), 'utf8')) as Partial<Sidecar>;
      if (sidecar.ino === ino && typeof sidecar.contentType === 'string') return sidecar.contentType;
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
    }
    return DEFAULT_CONTENT_TYPE;
  }
}

/** Counts the bytes going through and fails the stream when they differ from the declared length. */
class ByteCounter extends Transform {
  bytes = 0;

  constructor(
    private readonly key: string,
    private readonly expected: number | undefined,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.expected !== undefined && this.bytes > this.expected) {
      callback(new FileSizeMismatchError(this.key, this.expected, this.bytes));
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.expected !== undefined && this.bytes !== this.expected) {
      callback(new FileSizeMismatchError(this.key, this.expected, this.bytes));
      return;
    }
    callback();
  }
}

// Keys never have a segment starting with a dot, so these names cannot collide with a key.
const siblingPath = (path: string, suffix: string) => join(dirname(path), `.${basename(path)}.${suffix}`);
const sidecarPath = (path: string) => siblingPath(path, 'meta.json');

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

function rethrowMissing(error: unknown, key: string): never {
  if (isMissing(error) || (error as NodeJS.ErrnoException | undefined)?.code === 'ENOTDIR') {
    throw new FileNotFoundError(key);
  }
  throw error;
}

/** Makes the renames durable; some platforms cannot open a directory, and there it is left to the OS. */
async function syncDirectory(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
    await handle.sync();
  } catch {
    // best effort
  } finally {
    await handle?.close();
  }
}
