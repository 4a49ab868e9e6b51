import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { formatDate } from '../../../shared/lib/format-date';
import { QueryList } from '../../../shared/ui/ListStates';
import { StatusBadge, useGetPendingReviewsQuery } from '../../portfolio';
import { candidatesTexts } from '../candidates.texts';
import { candidatePath } from '../../../shared/ui/profile-link.texts';
import '../candidates.css';

const t = candidatesTexts.pending;

/**
 * The portfolio items waiting for the employer's decision (GET /api/portfolios/reviews/pending), each
 * leading to its student's profile, where the file is viewed and the item verified or rejected.
 */
export function PendingReviews() {
  const query = useGetPendingReviewsQuery(undefined);
  return (
    <section aria-labelledby="pending-reviews-heading" className="pj-dash__stack">
      <div>
        <h2 id="pending-reviews-heading" className="pj-dash__section-title">
          {t.title}
        </h2>
        <p className="pj-dash__muted">{t.lead}</p>
      </div>
      <QueryList query={query} items={query.data?.items} loading={t.loading} loadError={t.loadError} empty={t.empty}>
        {(items) => (
          <ul className="pj-pending-reviews">
            {items.map((item) => {
              const name = `${item.student.firstName} ${item.student.lastName}`.trim() || candidatesTexts.unnamed;
              return (
                <li key={item.id} className="pj-card pj-pending-review">
                  <div className="pj-pending-review__what">
                    <h3 className="pj-pending-review__title">{item.title}</h3>
                    <p className="pj-pending-review__meta">
                      {t.by(name)} · {item.userSkill.skill.name} · {formatDate(item.createdAt)}
                    </p>
                  </div>
                  <StatusBadge status={item.verificationStatus} />
                  <ButtonLink to={candidatePath(item.student.id)} aria-label={t.openLabel(item.title, name)}>
                    {t.open}
                  </ButtonLink>
                </li>
              );
            })}
          </ul>
        )}
      </QueryList>
    </section>
  );
}
