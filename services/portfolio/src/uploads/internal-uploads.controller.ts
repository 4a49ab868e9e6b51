import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { type StoredUploadDto, type TakeUploadInput, takeUploadSchema } from '@projectory/contracts';
import { zodPipe } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { UploadService } from './upload.service.js';

/** For the other services, through the internal identity only (the gateway never forwards /internal). */
@Controller('internal/uploads')
export class InternalUploadsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: UploadService,
  ) {}

  /**
   * Identity's avatar: takes a finished upload of `ownerId` for `purpose` (once), or 400 naming
   * `uploadId` ("Upload not found or not finished").
   */
  @Post(':id/take')
  @HttpCode(200)
  take(@Param('id') id: string, @Body(zodPipe(takeUploadSchema)) body: TakeUploadInput): Promise<StoredUploadDto> {
    return this.dataSource.transaction((manager) =>
      this.uploads.takeFinished(manager, { uploadId: id, ownerId: body.ownerId, purpose: body.purpose }),
    );
  }
}
