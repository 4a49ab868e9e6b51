import { runService } from '@projectory/platform';
import { credentialsService } from './credentials.module.js';

await runService(credentialsService);
