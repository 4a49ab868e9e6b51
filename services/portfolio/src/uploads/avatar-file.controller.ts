import { NotFoundCode } from '@projectory/contracts';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { FILE_STORE, type FileStore, notFound } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { UploadRepository } from '../repositories/upload.repository.js';
import { uploadIdPipe } from './uploads.controller.js';

/** A taken avatar never changes (a new avatar is a new upload), so browsers may keep it; private: only signed-in users get it. */
const AVATAR_CACHE = 'private, max-age=86400, immutable';

/**
 * `GET /api/uploads/:id/file` (the shared plan of issue 12): the image of an avatar in use, to any
 * signed-in user (identity's `profileImageUrl`). Other uploads (portfolio files, attachments, avatars
 * not taken) are 404 here: they are served by the routes that check who may see them.
 */
@Controller('api/uploads')
export class AvatarFileController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: UploadRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  @Get(':id/file')
  async avatar(
    @Param('id', uploadIdPipe) id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const row = await this.uploads.find(this.dataSource, id);
    if (!row || row.purpose !== 'avatar' || row.status !== 'stored' || !row.taken_at) {
      throw notFound(NotFoundCode.Avatar);
    }
    const etag = `"${row.sha256}"`;
    void reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .header('cache-control', AVATAR_CACHE)
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) {
      void reply.code(304).send();
      return;
    }
    const download = await this.files.get(row.file_key!);
    void reply
      .header('content-type', row.file_type!)
      .header('content-length', String(download.size))
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.file_name)}`)
      .send(download.body);
  }
}
