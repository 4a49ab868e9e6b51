// Reviews of completed projects: leaving one on a match, and the lists of a user's reviews.
export { EmployerReviews } from './components/EmployerReviews';
export { MatchReview } from './components/MatchReview';
export { ReviewList } from './components/ReviewList';
export { reviewsTexts } from './reviews.texts';
