import { Button } from 'antd';
import { useId, useState } from 'react';
import { formatDate } from '../../../shared/lib/format-date';
import { lazyDialog } from '../../../shared/lib/lazy-part';
import type { Match } from '../../matching';
import { reviewsTexts } from '../reviews.texts';
import { Stars } from './Stars';
import '../reviews.css';

const t = reviewsTexts;

const ReviewDialog = lazyDialog(() => import('./MatchReviewDialog').then((m) => m.MatchReviewDialog));

export interface MatchReviewProps {
  match: Match;
  /** Who the caller reviews: the other side of the match. */
  counterpart: string;
}

/**
 * The caller's side of a completed match's reviews: 'Leave a Review' while they may (`canReview`),
 * then their review, read-only (`myReview`). Nothing for a match that is not completed.
 */
export function MatchReview({ match, counterpart }: MatchReviewProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (match.myReview) {
    const review = match.myReview;
    return (
      <section className="pj-review pj-review--mine" aria-labelledby={`${id}-mine`}>
        <h4 id={`${id}-mine`} className="pj-review__title">
          {t.mine.title}
        </h4>
        <Stars rating={review.rating} />
        <p className="pj-review__comment">{review.comment || t.mine.noComment}</p>
        <p className="pj-review__muted">
          {t.mine.on(formatDate(review.createdAt))} {t.hiddenRule}
        </p>
      </section>
    );
  }
  if (!match.canReview) return null;
  return (
    <section className="pj-review pj-review--prompt" aria-labelledby={`${id}-prompt`}>
      <h4 id={`${id}-prompt`} className="pj-review__title">
        {t.prompt.title}
      </h4>
      <p>{t.prompt.body(counterpart)}</p>
      <p className="pj-review__muted">{t.hiddenRule}</p>
      <Button
        type="primary"
        onClick={() => setOpen(true)}
        onPointerEnter={ReviewDialog.preload}
        onFocus={ReviewDialog.preload}
        aria-label={t.prompt.actionLabel(counterpart)}
      >
        {t.prompt.action}
      </Button>
      <ReviewDialog open={open} match={match} counterpart={counterpart} onClose={() => setOpen(false)} />
    </section>
  );
}
