import { runService } from '@projectory/platform';
import { careersService } from './careers.module.js';

await runService(careersService);
