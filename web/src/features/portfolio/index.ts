// The student's portfolio (/portfolio, loaded lazily by app/router.tsx). For the candidates' pages: a
// portfolio card and its status badge, the employer's reviews of items.
export { PortfolioCard, StatusBadge } from './components/PortfolioCard';
export { useGetPendingReviewsQuery, useReviewPortfolioItemMutation, type PortfolioItem } from './portfolio.api';
export { NOTES_MAX } from './portfolio.texts';
