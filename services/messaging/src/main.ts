import { runService } from '@projectory/platform';
import { messagingService } from './messaging.module.js';

await runService(messagingService);
