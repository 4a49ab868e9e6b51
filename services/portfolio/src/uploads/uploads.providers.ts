import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import {
  createFileStore,
  FILE_STORE,
  type FileStore,
  LOGGER,
  SERVICE_CONTEXT,
  type ServiceContext,
} from '@projectory/platform';
import type { Logger } from 'pino';
import type { portfolioConfig } from '../portfolio.config.js';
import { UploadRepository } from '../repositories/upload.repository.js';
import { UploadService } from './upload.service.js';
import { UploadStaging } from './upload-staging.js';
import { UploadPipeline } from './upload-pipeline.js';
import { UploadSweeper } from './upload-sweeper.js';
import { TusUploads } from './tus-uploads.js';
import { AttachmentAttachedConsumer } from './attachment-attached.consumer.js';
import { AvatarFileController } from './avatar-file.controller.js';
import { InternalUploadsController } from './internal-uploads.controller.js';
import { UploadsController } from './uploads.controller.js';

type PortfolioContext = ServiceContext<typeof portfolioConfig>;

/** Closes the file store (S3's connections) when the app stops. */
@Injectable()
class FileStoreLifecycle implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORE) private readonly files: FileStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.files.close();
  }
}

/** The upload pipeline's providers: the FileStore (ADR 0010) from this service's config, staging, records. */
export const uploadProviders: Provider[] = [
  {
    provide: FILE_STORE,
    inject: [SERVICE_CONTEXT, LOGGER],
    useFactory: (context: PortfolioContext, logger: Logger): FileStore => createFileStore(context.config, logger),
  },
  {
    provide: UploadStaging,
    inject: [SERVICE_CONTEXT],
    useFactory: (context: PortfolioContext) => UploadStaging.fromConfig(context.config),
  },
  FileStoreLifecycle,
  UploadRepository,
  UploadService,
  UploadPipeline,
  TusUploads,
  UploadSweeper,
  AttachmentAttachedConsumer,
];

/** `/api/uploads` (tus, the avatar file) and `/internal/uploads`. */
export const uploadControllers = [UploadsController, AvatarFileController, InternalUploadsController];
