import { lazyDialog } from '../../../shared/lib/lazy-part';

/** InviteDialog (its form and modal), loaded when an employer first opens it. */
export const InviteDialog = lazyDialog(() => import('./InviteDialog').then((m) => m.InviteDialog));
