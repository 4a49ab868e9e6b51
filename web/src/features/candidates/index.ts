// A candidate's profile (/candidates/:userId, loaded lazily by app/router.tsx) and the employer's
// portfolio items waiting for review, which the employer's dashboard lists.
export { PendingReviews } from './components/PendingReviews';
