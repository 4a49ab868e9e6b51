import { lazyPart } from '../lib/lazy-part';

/** The report dialog, loaded when a "Report" action first opens it. */
export const ReportDialogPart = lazyPart(() => import('./ReportDialog').then((m) => m.ReportDialog));
