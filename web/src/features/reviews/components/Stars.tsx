import { Rate } from 'antd';
import { reviewsTexts } from '../reviews.texts';

/** A rating shown, not asked: the stars for the eye, "4 out of 5 stars" for screen readers. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="pj-review__stars">
      <span aria-hidden="true">
        <Rate disabled value={rating} />
      </span>
      <span className="pj-visually-hidden">{reviewsTexts.stars(rating)}</span>
    </span>
  );
}
