import { Controller, Delete, Head, Options, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { UploadsErrorCode, NotFoundCode } from '@projectory/contracts';
import { AppException, type AuthenticatedIdentity, Caller, notFound, UuidParamPipe } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCreation } from './upload-metadata.js';
import { UploadGoneError, UploadPipeline } from './upload-pipeline.js';
import type { UploadRow } from '../repositories/upload.repository.js';
import { TusUploads } from './tus-uploads.js';

const TUS_VERSION = '1.0.0';
/** A path id that is not a UUID names no upload: 404. */
export const uploadIdPipe = new UuidParamPipe(() => notFound(NotFoundCode.Upload));

/**
 * `/api/uploads` (API.md "Portfolio and files"): tus 1.0 for the signed-in caller's own uploads. Who
 * may touch an upload is decided here, before tus sees the request: another user's upload is a 404,
 * as is one cancelled or expired. A stored upload's HEAD is answered here (its staged bytes are gone).
 */
@Controller('api/uploads')
export class UploadsController {
  constructor(
    private readonly pipeline: UploadPipeline,
    private readonly tus: TusUploads,
  ) {}

  @Options()
  async options(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.passToTus(request, reply);
  }

  @Post()
  async create(
    @Caller() caller: AuthenticatedIdentity,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Without the protocol header tus answers 412 and nothing is recorded.
    if (request.headers['tus-resumable'] !== TUS_VERSION || request.headers['upload-concat']) {
      await this.passToTus(request, reply);
      return;
    }
    const id = await this.pipeline.create(parseCreation(request.headers, caller.userId));
    const status = await this.passToTus(request, reply, id);
    // tus refused it (a malformed header): the record goes, so it does not count against the quota.
    if (status !== 201 && status !== 204) await this.pipeline.cancel(id).catch(() => undefined);
  }

  @Head(':id')
  async head(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', uploadIdPipe) id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    let row = await this.own(id, caller);
    // Every byte staged but not stored: the service stopped while finishing it, or a scan failed. Finish now.
    if (row.status === 'receiving' && (await this.pipeline.stagedBytes(id)) === Number(row.declared_size)) {
      await this.finish(id);
      row = await this.own(id, caller);
    }
    if (row.status === 'receiving') {
      await this.passToTus(request, reply);
      return;
    }
    void reply
      .code(200)
      .header('tus-resumable', TUS_VERSION)
      .header('cache-control', 'no-store')
      .header('upload-offset', String(row.declared_size))
      .header('upload-length', String(row.declared_size))
      .send();
  }

  @Patch(':id')
  async append(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', uploadIdPipe) id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const row = await this.own(id, caller);
    if (row.status !== 'receiving') {
      throw new AppException(409, UploadsErrorCode.UploadFinished, 'This upload is already complete');
    }
    await this.passToTus(request, reply);
  }

  /** 204: an unfinished upload is cancelled (its bytes removed), a finished one not yet used is removed. */
  @Delete(':id')
  async cancel(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', uploadIdPipe) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const row = await this.own(id, caller);
    if (row.taken_at) {
      throw new AppException(409, UploadsErrorCode.UploadInUse, 'This file is in use; remove what uses it instead');
    }
    await this.pipeline.cancel(id);
    void reply.code(204).header('tus-resumable', TUS_VERSION).send();
  }

  private async own(id: string, caller: AuthenticatedIdentity): Promise<UploadRow> {
    const row = await this.pipeline.findOwn(id, caller.userId);
    if (!row) throw notFound(NotFoundCode.Upload);
    return row;
  }

  private async finish(id: string): Promise<void> {
    try {
      await this.pipeline.finish(id);
    } catch (error) {
      throw error instanceof UploadGoneError ? notFound(NotFoundCode.Upload) : error;
    }
  }

  /** tus answers; its answer goes out through fastify (the correlation id and the app's hooks apply). */
  private async passToTus(request: FastifyRequest, reply: FastifyReply, createdId?: string): Promise<number> {
    const answer = await this.tus.handle(request.raw, { createdId });
    void reply.code(answer.status).headers(answer.headers);
    await reply.send(answer.body.length > 0 ? answer.body : undefined);
    return answer.status;
  }
}
