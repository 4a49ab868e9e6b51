import { runService } from '@projectory/platform';
import { projectsService } from './projects.module.js';

await runService(projectsService);
