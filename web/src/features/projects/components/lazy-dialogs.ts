import { lazyDialog } from '../../../shared/lib/lazy-part';

/** ProjectFormDialog (its form, skill search and modal), loaded when an employer first opens it. */
export const ProjectFormDialog = lazyDialog(() => import('./ProjectFormDialog').then((m) => m.ProjectFormDialog));
