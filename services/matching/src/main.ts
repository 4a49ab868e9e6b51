import { runService } from '@projectory/platform';
import { matchingService } from './matching.module.js';

await runService(matchingService);
