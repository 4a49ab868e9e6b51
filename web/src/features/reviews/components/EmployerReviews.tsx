import { reviewsTexts } from '../reviews.texts';
import { ReviewList } from './ReviewList';
import { CardSection } from '../../../shared/ui/CardSection';

const t = reviewsTexts.employer;

export interface EmployerReviewsProps {
  employerId: string;
  /** How the employer is named; empty until known. */
  name: string;
}

/** On a project's page: what students who completed projects with its employer said, the newest first. */
export function EmployerReviews({ employerId, name }: EmployerReviewsProps) {
  return (
    <CardSection headingId="employer-reviews-heading" title={t.title}>
      <p className="pj-review__muted">{t.lead(name || t.theEmployer)}</p>
      <ReviewList userId={employerId} name={name || t.theEmployer} limit={3} />
    </CardSection>
  );
}
