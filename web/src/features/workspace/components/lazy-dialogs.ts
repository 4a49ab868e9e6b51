import { lazyPart } from '../../../shared/lib/lazy-part';

/**
 * The workspace's dialogs, each loaded when first opened (the page mounts one while it is open): their
 * forms and what only they use (antd's Modal and Form, the date picker with dayjs, the resumable upload)
 * stay out of the page's first load. A dialog whose module cannot be loaded closes with a toast; opening
 * it again asks again (lazy-part.tsx). Their buttons start loading on hover or focus (`preload`).
 */
export const MilestoneDialog = lazyPart(() => import('./MilestoneDialog').then((m) => m.MilestoneDialog));
export const SessionDialog = lazyPart(() => import('./SessionDialog').then((m) => m.SessionDialog));
export const SubmitWorkDialog = lazyPart(() => import('./SubmitWorkDialog').then((m) => m.SubmitWorkDialog));
export const DecisionDialog = lazyPart(() => import('./DecisionDialog').then((m) => m.DecisionDialog));

/** A dialog's trigger starts loading it on hover or focus: `<Button {...preloads(SessionDialog)}>`. */
export const preloads = (dialog: { preload: () => void }) => ({
  onPointerEnter: dialog.preload,
  onFocus: dialog.preload,
});
