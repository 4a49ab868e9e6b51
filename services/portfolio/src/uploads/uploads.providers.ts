import type { Provider } from '@nestjs/common';
import { SERVICE_CONTEXT, type ServiceContext } from '@projectory/platform';
import type { portfolioConfig } from '../portfolio.config.js';
import { UploadRepository } from '../repositories/upload.repository.js';
import { UploadService } from './upload.service.js';
import { UploadStaging } from './upload-staging.js';
import { UploadPipeline } from './upload-pipeline.js';
import { UploadSweeper } from './upload-sweeper.js';
import { TusUploads } from './tus-uploads.js';
import { AttachmentTakenConsumer } from './attachment-taken.consumer.js';
import { AvatarFileController } from './avatar-file.controller.js';
import { InternalUploadsController } from './internal-uploads.controller.js';
import { UploadsController } from './uploads.controller.js';

type PortfolioContext = ServiceContext<typeof portfolioConfig>;

/** The upload pipeline's providers (the FileStore is FileStoreModule's, in PortfolioModule): staging, records. */
export const uploadProviders: Provider[] = [
  {
    provide: UploadStaging,
    inject: [SERVICE_CONTEXT],
    useFactory: (context: PortfolioContext) => UploadStaging.fromConfig(context.config),
  },
  UploadRepository,
  UploadService,
  UploadPipeline,
  TusUploads,
  UploadSweeper,
  AttachmentTakenConsumer,
];

/** `/api/uploads` (tus, the avatar file) and `/internal/uploads`. */
export const uploadControllers = [UploadsController, AvatarFileController, InternalUploadsController];
