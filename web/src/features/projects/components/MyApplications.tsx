import { Button } from 'antd';
import { QueryError } from '../../../shared/ui/LoadError';
import { useGetMyMatchesQuery } from '../../matching';
import { projectsTexts } from '../projects.texts';
import { ApplicationCard } from './ApplicationCard';
import { CardList } from '../../../shared/ui/CardList';
import { InvitationsNotice } from '../../../shared/ui/InvitationsNotice';
import { CardsLoading } from './CardsLoading';

const t = projectsTexts.applications;

export interface MyApplicationsProps {
  onBrowse: () => void;
}

/** The student's applications, newest first; a status the employer changes shows at once (socket). */
export function MyApplications({ onBrowse }: MyApplicationsProps) {
  const { data, error, isLoading, isFetching, refetch } = useGetMyMatchesQuery(undefined);

  let body;
  if (isLoading) {
    body = <CardsLoading label={t.loading} cards={2} rows={3} />;
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
      <CardList items={data.items} className="pj-projects__grid">
        {(match) => <ApplicationCard match={match} />}
      </CardList>
    );
  }

  return (
    <section aria-labelledby="projects-applications-heading">
      <h2 id="projects-applications-heading" className="pj-visually-hidden">
        {t.heading}
      </h2>
      {/* Employers' invitations to apply wait beside the applications (API.md "Finding talent"). */}
      <InvitationsNotice hideWhenNone className="pj-projects__invitations" />
      {body}
    </section>
  );
}
