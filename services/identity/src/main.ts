import { runService } from '@projectory/platform';
import { identityService } from './identity.module.js';

await runService(identityService);
