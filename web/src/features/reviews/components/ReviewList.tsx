import { formatDate } from '../../../shared/lib/format-date';
import { QueryError } from '../../../shared/ui/LoadError';
import { ListLoading } from '../../../shared/ui/ListStates';
import { useGetUserReviewsQuery } from '../reviews.api';
import { reviewsTexts } from '../reviews.texts';
import { Stars } from './Stars';
import '../reviews.css';

const t = reviewsTexts.list;

export interface ReviewListProps {
  userId: string;
  /** Whose reviews, for screen readers. */
  name: string;
  /** How many of the newest to show. */
  limit: number;
}

/**
 * The visible reviews about a person (GET /api/users/:id/reviews): their average and count, then the
 * newest. Says why some may not show yet.
 */
export function ReviewList({ userId, name, limit }: ReviewListProps) {
  const { data, error, isLoading, isFetching, refetch } = useGetUserReviewsQuery({ userId, limit });

  if (isLoading) {
    return <ListLoading label={t.loading} rows={2} />;
  }
  if (!data) {
    return <QueryError title={t.loadError} query={{ error, isFetching, refetch }} retryLabel={t.retry} />;
  }
  return (
    <div className="pj-review-list">
      <p className="pj-review-list__summary">
        {data.count > 0 && data.averageRating !== null ? t.summary(data.averageRating, data.count) : t.none}
      </p>
      {data.items.length > 0 && (
        <ul className="pj-review-list__items" aria-label={t.label(name)}>
          {data.items.map((review) => {
            const reviewer = `${review.reviewer.firstName} ${review.reviewer.lastName}`.trim() || t.someone;
            return (
              <li key={review.id} className="pj-review">
                <Stars rating={review.rating} />
                {review.comment && <p className="pj-review__comment">{review.comment}</p>}
                <p className="pj-review__muted">
                  {t.by(reviewer, review.project.title)} · {formatDate(review.createdAt)}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {data.count > data.items.length && <p className="pj-review__muted">{t.showing(data.items.length, data.count)}</p>}
      <p className="pj-review__muted">{reviewsTexts.hiddenRule}</p>
    </div>
  );
}
