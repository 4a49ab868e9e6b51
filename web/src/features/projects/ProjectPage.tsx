import { Button, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toApiFailure } from '../../api/api-error';
import { QueryError } from '../../shared/ui/LoadError';
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
import { CardSection } from '../../shared/ui/CardSection';
import { BackLink } from '../../shared/ui/BackLink';
import { FactList } from '../../shared/ui/FactList';
import { ReportDialogPart } from '../../shared/ui/report-dialog-part';
import { SafetyTip } from '../../shared/ui/SafetyTip';
import { VerifiedMark } from '../../shared/ui/VerifiedMark';
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
  const query = useGetProjectQuery(projectId);
  const { data: project, error, isLoading } = query;
  useDocumentTitle(`${project?.title ?? projectsTexts.title.student} · Projectory`);
  const failure = error ? toApiFailure(error) : undefined;

  let body;
  if (isLoading) {
    body = <LoadingState label={t.loading} />;
  } else if (!project && failure?.status === 404) {
    body = <MissingCard title={t.notFoundTitle} body={t.notFoundBody} to="/projects" action={t.back} />;
  } else if (!project) {
    body = <QueryError title={t.loadError} query={query} retryLabel={t.retry} />;
  } else {
    const owner = project.employer.id === user.id;
    body = (
      <>
        <ProjectDetails
          project={project}
          owner={owner}
          reportable={!owner && user.role !== 'admin'}
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
      <BackLink to="/projects" label={t.back} className="pj-project-page__back" />
      {body}
    </div>
  );
}

/** A project's tags under their label, or 'None' when it has none. */
const tagsOrNone = (tags: string[], label: string) =>
  tags.length > 0 ? <TagList tags={tags} label={label} /> : t.none;

interface ProjectDetailsProps {
  project: Project;
  owner: boolean;
  /** Anyone but its employer and the admins may report it (and see the safety tip of a flagged one). */
  reportable: boolean;
  fit: ReactNode;
}

function ProjectDetails({ project, owner, reportable, fit }: ProjectDetailsProps) {
  const navigate = useNavigate();
  const employer = employerName(project.employer);
  const [reporting, setReporting] = useState(false);
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
            {!owner && <VerifiedMark level={project.employer.verification} />}
            <span>{projectsTexts.card.posted(formatDate(project.createdAt))}</span>
          </p>
          {!owner && <ResponseTime employer={project.employer} />}
        </div>
        {owner && <OwnerActions project={project} onDeleted={() => void navigate('/projects', { replace: true })} />}
        {reportable && (
          <Button type="text" danger onClick={() => setReporting(true)} onMouseEnter={ReportDialogPart.preload}>
            {projectsTexts.safety.reportProject}
          </Button>
        )}
      </header>
      {reportable && (
        <SafetyTip
          flags={project.flags}
          onReport={() => setReporting(true)}
          reportLabel={projectsTexts.safety.reportProject}
        />
      )}
      {reporting && (
        <ReportDialogPart
          target={{ type: 'project', id: project.id }}
          what={projectsTexts.safety.reportWhat}
          onClose={() => setReporting(false)}
        />
      )}
      {fit}
      <section aria-labelledby="project-about" className="pj-project-detail__section">
        <h2 id="project-about" className="pj-project-detail__subtitle">
          {t.about}
        </h2>
        <p className="pj-project-detail__text">{project.description}</p>
      </section>
      <FactList
        className="pj-project-detail__facts"
        facts={[
          {
            label: t.exchange,
            value: (
              <>
                <strong>{exchangeLabel(project.exchangeType)}</strong>
                {project.exchangeDescription && (
                  <p className="pj-project-detail__text">{project.exchangeDescription}</p>
                )}
              </>
            ),
          },
          { label: t.duration, value: project.duration || DEFAULT_DURATION },
          { label: t.requiredSkills, value: tagsOrNone(project.requiredSkills, t.requiredSkills) },
          { label: t.culturalValues, value: tagsOrNone(project.culturalValues, t.culturalValues) },
        ]}
      />
      {owner && project.milestones.length > 0 && <MilestonePlan milestones={project.milestones} />}
    </article>
  );
}

/** The milestone template, to the project's employer: what a workspace starts with on acceptance. */
function MilestonePlan({ milestones }: { milestones: Project['milestones'] }) {
  const m = projectsTexts.milestones;
  return (
    <section aria-labelledby="project-milestones" className="pj-project-detail__section pj-project-detail__plan">
      <h2 id="project-milestones" className="pj-project-detail__subtitle">
        {m.detailHeading}
      </h2>
      <ol className="pj-milestone-plan">
        {milestones.map((milestone, index) => (
          <li key={index} className="pj-milestone-plan__item">
            <strong className="pj-milestone-plan__title">{milestone.title}</strong>
            <span className="pj-milestone-plan__due">{m.due(milestone.dayOffset)}</span>
            {milestone.description && <p className="pj-project-detail__text">{milestone.description}</p>}
          </li>
        ))}
      </ol>
    </section>
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
    <CardSection
      headingId="project-apply-heading"
      title={match ? t.yourApplication : t.applyTitle}
      className="pj-project-apply"
    >
      {applications.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : match ? (
        <ApplicationCard match={match} showProject={false} />
      ) : project.isActive ? (
        <div className="pj-project-apply__row">
          <p>{t.applyBody}</p>
          <ApplyButton project={project} applied={false} />
        </div>
      ) : (
        <p>{t.inactiveNote}</p>
      )}
    </CardSection>
  );
}
