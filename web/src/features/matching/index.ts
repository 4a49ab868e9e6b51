// Matches and applications: the endpoints other features read them with, the apply dialog, and the
// card of a recommended project. /matching-demo is loaded lazily by app/router.tsx.
export {
  matchingApi,
  useChangeMatchStatusMutation,
  useGetAdvancedMatchesQuery,
  useGetMyMatchesQuery,
  useGetProjectCandidatesQuery,
  useGetProjectFitsQuery,
  useGetRecommendationsInfiniteQuery,
  type Match,
  type MatchStatus,
  type MatchStudentSkill,
  type ProjectFit,
  type RecommendedProject,
} from './matching.api';
export { exchangeLabel } from './matching.texts';
export { ApplyDialog } from './components/lazy-dialogs';
export { ProjectMatchCard } from './components/ProjectMatchCard';
