import { runService } from '@projectory/platform';
import { assessmentService } from './assessment.module.js';

await runService(assessmentService);
