import { runService } from '@projectory/platform';
import { portfolioService } from './portfolio.module.js';

await runService(portfolioService);
