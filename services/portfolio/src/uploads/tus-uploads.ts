import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { NotFoundCode, UPLOADS_PATH } from '@projectory/contracts';
import { AppException, LOGGER, notFound, RequestContext, toErrorResponse } from '@projectory/platform';
import { FileStore as TusFileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { UploadGoneError, UploadPipeline } from './upload-pipeline.js';
import { UploadStaging } from './upload-staging.js';

/** One request handed to tus: the id recorded for a creation, and a refusal of the pipeline's. */
interface TusCall {
  /** tus names the upload it creates with it. */
  createdId?: string;
  /** Set when the pipeline refused the finished upload: answered in API.md's error shape, not tus's text. */
  refusal?: { statusCode: number; body: string; headers: Record<string, string> };
}

/** tus's answer, ready for fastify's reply. */
export interface TusAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

type TusRequest = Request & { runtime?: { node?: { req: IncomingMessage; res?: ServerResponse } } };

/** tus's own error form: its server answers `status_code` with `body`. */
interface TusError {
  status_code: number;
  body: string;
}

/** A tus 1.0 upload request this long may stream, at the slowest: above the gateway's UPLOAD_BODY_TIMEOUT_MS (10 min). */
const UPLOAD_REQUEST_TIMEOUT_MS = 15 * 60 * 1000;

/**
 * The tus 1.0 server (`@tus/server` on `@tus/file-store`) behind `/api/uploads`: bytes are staged in
 * UploadStaging (a `.json` beside each upload, so a restart loses nothing), a `Location` relative to
 * the origin so that resuming works through the gateway. The controller checks who may do what first;
 * tus only speaks the protocol, and calls the pipeline when the last byte arrives.
 */
@Injectable()
export class TusUploads implements OnModuleInit {
  readonly server: TusServer;
  private readonly calls = new WeakMap<IncomingMessage, TusCall>();

  constructor(
    private readonly pipeline: UploadPipeline,
    staging: UploadStaging,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.server = new TusServer({
      path: UPLOADS_PATH,
      datastore: new TusFileStore({ directory: staging.dir, expirationPeriodInMilliseconds: pipeline.expiryMs }),
      relativeLocation: true,
      respectForwardedHeaders: false,
      namingFunction: (req) => {
        const id = this.callOf(req)?.createdId;
        if (!id) throw { status_code: 500, body: 'Upload not recorded\n' } satisfies TusError;
        return id;
      },
      onUploadFinish: async (req, upload) => this.finished(req, upload),
    });
  }

  /**
   * tus reads the request body itself: a PATCH (and a creation with data) arrives as
   * `application/offset+octet-stream`, which fastify must leave unread (and so outside its body limit:
   * the purpose's limit and the declared length bound it instead).
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const server = this.adapterHost.httpAdapter.getHttpServer() as { requestTimeout?: number } | undefined;
    if (server && (server.requestTimeout ?? 0) < UPLOAD_REQUEST_TIMEOUT_MS)
      server.requestTimeout = UPLOAD_REQUEST_TIMEOUT_MS;
  }

  /**
   * tus answers the request: its body (a PATCH's bytes) is streamed to tus unread, and the answer comes
   * back for the controller to send, so the app's own headers and error shape apply to it.
   */
  async handle(raw: IncomingMessage, call: TusCall = {}): Promise<TusAnswer> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw.headers)) {
      for (const one of [value ?? []].flat()) headers.append(name, one);
    }
    const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD';
    const request: TusRequest = new Request(`http://${raw.headers.host ?? 'localhost'}${raw.url}`, {
      method: raw.method,
      headers,
      body: hasBody ? (Readable.toWeb(raw) as ReadableStream) : undefined,
      duplex: 'half',
    } as RequestInit);
    // tus looks for Node's request here to notice a client that went away mid-body.
    Object.defineProperty(request, 'runtime', { value: { name: 'node', node: { req: raw } } });
    this.calls.set(raw, call);
    const response = await this.server.handleWeb(request);
    const answer: TusAnswer = {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    };
    if (call.refusal) {
      answer.status = call.refusal.statusCode;
      answer.headers = {
        ...answer.headers,
        ...call.refusal.headers,
        'content-type': 'application/json; charset=utf-8',
      };
      answer.body = Buffer.from(call.refusal.body);
      delete answer.headers['content-length'];
    }
    return answer;
  }

  private callOf(req: Request): TusCall | undefined {
    const node = (req as TusRequest).runtime?.node?.req;
    return node ? this.calls.get(node) : undefined;
  }

  /** The last byte arrived: the pipeline checks and stores it; a refusal answers in API.md's shape. */
  private async finished(req: Request, upload: Upload): Promise<Record<string, never>> {
    try {
      await this.pipeline.finish(upload.id);
      return {};
    } catch (error) {
      const refusal = error instanceof UploadGoneError ? notFound(NotFoundCode.Upload) : error;
      if (!(refusal instanceof AppException))
        this.logger.error({ err: error, uploadId: upload.id }, 'finishing an upload failed');
      const { body, headers } = toErrorResponse(refusal, RequestContext.correlationId());
      const call = this.callOf(req);
      if (call) call.refusal = { statusCode: body.statusCode, body: JSON.stringify(body), headers: headers ?? {} };
      throw { status_code: body.statusCode, body: JSON.stringify(body) } satisfies TusError;
    }
  }
}
