import { createReadStream } from 'node:fs';
import net from 'node:net';

export type ScanResult = { clean: true } | { clean: false; signature: string };

/** The scanner could not give an answer (down, timed out, or refused the stream); the file is neither clean nor infected. */
export class ScannerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ScannerError';
  }
}

const CHUNK = 64 * 1024;

/**
 * clamd's INSTREAM command over TCP: `zINSTREAM\0`, then the file as chunks each prefixed by its
 * length (4 bytes, big-endian), then a zero length; clamd answers `stream: OK` or
 * `stream: <signature> FOUND`. clamd refuses streams over its StreamMaxLength (25 MB by default):
 * set it at least to the largest upload (50 MB).
 */
export class ClamdClient {
  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly timeoutMs: number,
  ) {}

  async scanFile(path: string): Promise<ScanResult> {
    const socket = net.connect({ host: this.host, port: this.port });
    socket.setTimeout(this.timeoutMs, () =>
      socket.destroy(new ScannerError(`clamd did not answer within ${this.timeoutMs} ms`)),
    );
    const reply = new Promise<string>((resolve, reject) => {
      const parts: Buffer[] = [];
      socket.on('data', (data: Buffer) => parts.push(data));
      socket.on('end', () => resolve(Buffer.concat(parts).toString('utf8').replace(/\0/g, '').trim()));
      socket.on('error', (error) =>
        reject(error instanceof ScannerError ? error : new ScannerError(`clamd: ${error.message}`, { cause: error })),
      );
    });
    reply.catch(() => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
      });
      await write(socket, Buffer.from('zINSTREAM\0'));
      for await (const chunk of createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
        const length = Buffer.alloc(4);
        length.writeUInt32BE(chunk.length);
        await write(socket, length);
        await write(socket, chunk);
      }
      await write(socket, Buffer.alloc(4));
    } catch (error) {
      // clamd closes the connection when the stream is over its limit; its answer says why.
      const answer = await reply.catch(() => undefined);
      socket.destroy();
      if (answer) return parse(answer);
      throw error instanceof ScannerError
        ? error
        : new ScannerError(`clamd: ${(error as Error).message}`, { cause: error });
    }
    try {
      return parse(await reply);
    } finally {
      socket.destroy();
    }
  }
}

function write(socket: net.Socket, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) {
      reject(new ScannerError('clamd closed the connection'));
      return;
    }
    socket.write(data, (error) => (error ? reject(error) : resolve()));
  });
}

function parse(answer: string): ScanResult {
  if (/^stream: OK$/.test(answer)) return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { clean: false, signature: found[1]! };
  throw new ScannerError(`clamd answered ${JSON.stringify(answer.slice(0, 200))}`);
}
