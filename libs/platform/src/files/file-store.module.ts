import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { createFileStore } from './create-file-store.js';
import type { FileStoreConfig } from './file-store-config.js';
import { FILE_STORE, type FileStore } from './file-store.js';

export interface FileStoreModuleOptions {
  /** The service's settings (FILES_DIR, S3_*): S3 when S3_BUCKET is set, local disk otherwise. */
  config: FileStoreConfig;
  logger?: Pick<Logger, 'warn'>;
}

/** Closes the file store (S3's connections) when the app stops. */
@Injectable()
class FileStoreLifecycle implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORE) private readonly files: FileStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.files.close();
  }
}

/**
 * The FileStore port (ADR 0010) as FILE_STORE, made from the options at start and closed when the app
 * stops, for the module that imports it: `imports: [FileStoreModule.forRoot(context)]` (a service's
 * context has both options), or `forRoot({ config, logger })`.
 */
@Module({})
export class FileStoreModule {
  static forRoot(options: FileStoreModuleOptions): DynamicModule {
    return {
      module: FileStoreModule,
      providers: [
        { provide: FILE_STORE, useFactory: (): FileStore => createFileStore(options.config, options.logger) },
        FileStoreLifecycle,
      ],
      exports: [FILE_STORE],
    };
  }
}
