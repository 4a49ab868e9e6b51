import { runService } from '@projectory/platform';
import { adminService } from './admin.module.js';

await runService(adminService);
