import { Button, Skeleton } from 'antd';
import { QueryError } from '../../../shared/ui/LoadError';
import { useGetMyMatchesQuery } from '../../matching';
import { projectsTexts } from '../projects.texts';
import { ApplicationCard } from './ApplicationCard';

const t = projectsTexts.applications;

export interface MyApplicationsProps {
  onBrowse: () => void;
}

/** The student's applications, newest first; a status the employer changes shows at once (socket). */
export function MyApplications({ onBrowse }: MyApplicationsProps) {
  const { data, error, isLoading, isFetching, refetch } = useGetMyMatchesQuery(undefined);

  let body;
  if (isLoading) {
    body = (
      <div role="status" className="pj-projects__loading">
        <span className="pj-visually-hidden">{t.loading}</span>
        {[0, 1].map((key) => (
          <div key={key} className="pj-match-card">
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    );
  } else if (!data) {
    body = <QueryError title={t.loadError} query={{ error, isFetching, refetch }} retryLabel={t.retry} />;
  } else if (data.items.length === 0) {
    body = (
      <div className="pj-projects__empty">
        <p>{t.empty}</p>
        <Button type="primary" onClick={onBrowse}>
          {t.browse}
        </Button>
      </div>
    );
  } else {
    body = (
      <ul className="pj-projects__grid">
        {data.items.map((match) => (
          <li key={match.id}>
            <ApplicationCard match={match} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="projects-applications-heading">
      <h2 id="projects-applications-heading" className="pj-visually-hidden">
        {t.heading}
      </h2>
      {body}
    </section>
  );
}
