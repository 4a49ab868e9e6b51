// The dashboards (/dashboard, loaded lazily by app/router.tsx). For Home: the user's next steps, and
// the live updates that keep the applications' figures current.
export { nextSteps, type NextStep } from './next-steps';
export { useLiveMatchUpdates } from './use-live-match-updates';
