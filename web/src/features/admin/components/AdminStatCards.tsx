import { Skeleton } from 'antd';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { LoadError } from '../../../shared/ui/LoadError';
import { useGetAdminStatsQuery } from '../admin.api';
import { adminTexts } from '../admin.texts';

const t = adminTexts.stats;
const number = new Intl.NumberFormat();

/** The prototype's stat cards, plus projects: real counts from the admin read model (GET /api/admin/stats). */
export function AdminStatCards() {
  const { data, isLoading, isError, error, isFetching, refetch } = useGetAdminStatsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  if (isError && !data) {
    return (
      <LoadError
        title={t.loadError}
        description={failureMessage(toApiFailure(error))}
        retryLabel={t.retry}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  const cards = data
    ? [
        { label: t.totalUsers, value: data.totalUsers, detail: t.usersDetail(data.students, data.employers) },
        { label: t.assessments, value: data.assessments },
        { label: t.skills, value: data.skillsCount },
        { label: t.matches, value: data.matches },
        { label: t.projects, value: data.projects },
      ]
    : [];
  return (
    <section aria-label={t.label} className="pj-admin-stats" aria-busy={isLoading}>
      {isLoading ? (
        <div role="status" className="pj-admin-stats__loading">
          <span className="pj-visually-hidden">{t.loading}</span>
          {[0, 1, 2, 3, 4].map((key) => (
            <div key={key} className="pj-admin-stat">
              <Skeleton active paragraph={{ rows: 1 }} title={false} />
            </div>
          ))}
        </div>
      ) : (
        <dl className="pj-admin-stats__list">
          {cards.map((card) => (
            <div key={card.label} className="pj-admin-stat">
              <dt className="pj-admin-stat__label">{card.label}</dt>
              <dd className="pj-admin-stat__value">{number.format(card.value)}</dd>
              {card.detail && <dd className="pj-admin-stat__detail">{card.detail}</dd>}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
