import { lazyDialog } from '../../../shared/lib/lazy-part';

/** ApplyDialog (its form and modal), loaded when a student first opens it. */
export const ApplyDialog = lazyDialog(() => import('./ApplyDialog').then((m) => m.ApplyDialog));
