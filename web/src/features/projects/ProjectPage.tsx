import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toApiFailure } from '../../api/api-error';
import { Icon } from '../../shared/ui/Icon';
import { LoadError } from '../../shared/ui/LoadError';
import { MissingCard } from '../../shared/ui/MissingCard';
import { LoadingState } from '../../shared/ui/LoadingState';
import { formatDate } from '../../shared/lib/format-date';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { useGetMyMatchesQuery, useGetProjectFitsQuery, exchangeLabel } from '../matching';
import { EmployerReviews } from '../reviews';
import { ApplicationCard } from './components/ApplicationCard';
import { ApplyButton } from './components/ApplyButton';
import { Candidates } from './components/Candidates';
import { FitSummary } from './components/FitSummary';
import { OwnerActions } from './components/OwnerActions';
import { ProjectStatusTag } from './components/ProjectStatusTag';
import { ResponseTime } from './components/ResponseTime';
import { TagList } from '../../shared/ui/TagList';
import { employerName } from './people';
import { useGetProjectQuery, type Project } from './projects.api';
import { DEFAULT_DURATION, projectsTexts } from './projects.texts';
import './projects.css';

const t = projectsTexts.detail;

/**
 * /projects/:projectId: the project for anyone signed in ('View Details', which did nothing in the
 * prototype). Its employer also manages it and reviews its candidates; a student applies or follows
 * their application.
 */
export function ProjectPage() {
  const { projectId = '' } = useParams();
  const user = useCurrentUser();
  const { data: project, error, isLoading, isFetching, refetch } = useGetProjectQuery(projectId);
  useDocumentTitle(`${project?.title ?? projectsTexts.title.student} · Projectory`);
  const failure = error ? toApiFailure(error) : undefined;

  let body;
  if (isLoading) {
    body = <LoadingState label={t.loading} />;
  } else if (!project && failure?.status === 404) {
    body = <MissingCard title={t.notFoundTitle} body={t.notFoundBody} to="/projects" action={t.back} />;
  } else if (!project) {
    body = (
      <LoadError
        title={t.loadError}
        description={failure?.message}
        retryLabel={t.retry}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else {
    const owner = project.employer.id === user.id;
    body = (
      <>
        <ProjectDetails
          project={project}
          owner={owner}
          fit={user.role === 'student' && <ProjectFit projectId={project.id} />}
        />
        {owner ? (
          <Candidates projectId={project.id} />
        ) : user.role === 'student' ? (
          <StudentApplication project={project} />
        ) : null}
        <EmployerReviews employerId={project.employer.id} name={employerName(project.employer)} />
      </>
    );
  }

  return (
    <div className="pj-projects pj-project-page">
      <Link to="/projects" className="pj-project-page__back">
        <Icon name="arrow-left" size={16} />
        <span>{t.back}</span>
      </Link>
      {body}
    </div>
  );
}

function ProjectDetails({ project, owner, fit }: { project: Project; owner: boolean; fit: ReactNode }) {
  const navigate = useNavigate();
  const employer = employerName(project.employer);
  return (
    <article className="pj-card pj-project-detail" aria-labelledby="project-title">
      <header className="pj-project-detail__head">
        <div className="pj-project-detail__heading">
          <h1 id="project-title" className="pj-page-header__title">
            {project.title}
          </h1>
          <p className="pj-project-detail__meta">
            <ProjectStatusTag active={project.isActive} />
            {employer && !owner && <span>{t.postedBy(employer)}</span>}
            <span>{projectsTexts.card.posted(formatDate(project.createdAt))}</span>
          </p>
          {!owner && <ResponseTime employer={project.employer} />}
        </div>
        {owner && <OwnerActions project={project} onDeleted={() => void navigate('/projects', { replace: true })} />}
      </header>
      {fit}
      <section aria-labelledby="project-about" className="pj-project-detail__section">
        <h2 id="project-about" className="pj-project-detail__subtitle">
          {t.about}
        </h2>
        <p className="pj-project-detail__text">{project.description}</p>
      </section>
      <dl className="pj-project-detail__facts">
        <div>
          <dt>{t.exchange}</dt>
          <dd>
            <strong>{exchangeLabel(project.exchangeType)}</strong>
            {project.exchangeDescription && <p className="pj-project-detail__text">{project.exchangeDescription}</p>}
          </dd>
        </div>
        <div>
          <dt>{t.duration}</dt>
          <dd>{project.duration || DEFAULT_DURATION}</dd>
        </div>
        <div>
          <dt>{t.requiredSkills}</dt>
          <dd>
            {project.requiredSkills.length > 0 ? (
              <TagList tags={project.requiredSkills} label={t.requiredSkills} />
            ) : (
              t.none
            )}
          </dd>
        </div>
        <div>
          <dt>{t.culturalValues}</dt>
          <dd>
            {project.culturalValues.length > 0 ? (
              <TagList tags={project.culturalValues} label={t.culturalValues} />
            ) : (
              t.none
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** The student's fit with the project (GET /api/matches/fit), with a retry when it could not be read. */
function ProjectFit({ projectId }: { projectId: string }) {
  const fits = useGetProjectFitsQuery([projectId], { refetchOnMountOrArgChange: true });
  const fit = fits.data?.items.find((item) => item.projectId === projectId);
  return (
    <div className="pj-project-fit">
      <FitSummary
        fit={fit}
        loading={fits.isLoading}
        failed={fits.isError}
        onRetry={() => void fits.refetch()}
        retrying={fits.isFetching}
      />
    </div>
  );
}

/** A student's side of the project: Apply, or the application they made (status, scores, Withdraw). */
function StudentApplication({ project }: { project: Project }) {
  const applications = useGetMyMatchesQuery(undefined);
  const match = applications.data?.items.find((item) => item.projectId === project.id);

  return (
    <section className="pj-card pj-project-apply" aria-labelledby="project-apply-heading">
      <h2 id="project-apply-heading" className="pj-card__title">
        {match ? t.yourApplication : t.applyTitle}
      </h2>
      {applications.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : match ? (
        <ApplicationCard match={match} showProject={false} />
      ) : project.isActive ? (
        <div className="pj-project-apply__row">
          <p>{t.applyBody}</p>
          <ApplyButton
            projectId={project.id}
            title={project.title}
            employer={employerName(project.employer)}
            applied={false}
          />
        </div>
      ) : (
        <p>{t.inactiveNote}</p>
      )}
    </section>
  );
}
