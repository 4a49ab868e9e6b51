import { NotFoundCode } from '@projectory/contracts';
import { notFound, UuidParamPipe } from '@projectory/platform';
import { itemNotFound } from '../services/portfolio-item.service.js';

/** A path id that cannot be an item's is the same 404 as a stranger's item. */
export const portfolioItemId = new UuidParamPipe(itemNotFound);

/** A user id in an internal path. */
export const userIdParam = new UuidParamPipe(() => notFound(NotFoundCode.User));
