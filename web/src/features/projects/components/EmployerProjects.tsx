import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { countsAsApplicant } from '@projectory/contracts/values';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Icon } from '../../../shared/ui/Icon';
import { QueryError } from '../../../shared/ui/LoadError';
import { useGetMyMatchesQuery } from '../../matching';
import { useGetMyProjectsQuery } from '../projects.api';
import { projectsTexts } from '../projects.texts';
import { OwnerActions } from './OwnerActions';
import { ProjectCard } from './ProjectCard';
import { ProjectFormDialog } from './lazy-dialogs';
import { ProjectStats } from './ProjectStats';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { CardsLoading } from './CardsLoading';

const t = projectsTexts.employer;

interface Counts {
  applicants: number;
  pending: number;
}

export interface EmployerProjectsProps {
  /** Open the Create Project dialog at once (e.g. /projects?create=1 from a quick action). */
  createOnOpen?: boolean;
}

/** /projects for employers: 'My Projects', the Create Project dialog, their figures and their projects. */
export function EmployerProjects({ createOnOpen = false }: EmployerProjectsProps) {
  const [creating, setCreating] = useState(createOnOpen);
  const projects = useGetMyProjectsQuery(undefined);
  const applications = useGetMyMatchesQuery(undefined);

  // Applicants per project from the live applications, so a card moves as soon as a student applies.
  const counts = useMemo(() => {
    const byProject = new Map<string, Counts>();
    for (const match of applications.data?.items ?? []) {
      if (!countsAsApplicant(match.status)) continue;
      const counts = byProject.get(match.projectId) ?? { applicants: 0, pending: 0 };
      counts.applicants += 1;
      if (match.status === 'pending') counts.pending += 1;
      byProject.set(match.projectId, counts);
    }
    return byProject;
  }, [applications.data]);

  const create = (
    <Button
      type="primary"
      icon={<Icon name="plus" size={16} />}
      onClick={() => setCreating(true)}
      onPointerEnter={ProjectFormDialog.preload}
      onFocus={ProjectFormDialog.preload}
    >
      {t.create}
    </Button>
  );

  let body;
  if (projects.isLoading) {
    body = <CardsLoading label={t.loading} cards={2} rows={4} />;
  } else if (!projects.data) {
    body = <QueryError title={t.loadError} query={projects} retryLabel={t.retry} />;
  } else if (projects.data.items.length === 0) {
    body = (
      <div className="pj-card pj-empty">
        <h2 className="pj-empty__title">{t.emptyTitle}</h2>
        <p className="pj-empty__body">{t.emptyBody}</p>
        <div className="pj-empty__action">{create}</div>
      </div>
    );
  } else {
    body = (
      <section aria-labelledby="projects-mine-heading">
        <h2 id="projects-mine-heading" className="pj-visually-hidden">
          {t.listHeading}
        </h2>
        <ul className="pj-projects__grid">
          {projects.data.items.map((project) => {
            const figures = counts.get(project.id) ?? { applicants: 0, pending: 0 };
            return (
              <li key={project.id}>
                <ProjectCard
                  project={project}
                  showEmployer={false}
                  meta={
                    applications.data && (
                      <span className="pj-project-card__applicants">
                        {projectsTexts.card.applicants(figures.applicants)}
                        {figures.pending > 0 && ` · ${projectsTexts.card.pending(figures.pending)}`}
                      </span>
                    )
                  }
                  actions={
                    <div className="pj-project-card__actions">
                      <ButtonLink
                        type="primary"
                        to={`/projects/${project.id}`}
                        aria-label={projectsTexts.card.viewDetailsLabel(project.title)}
                      >
                        {projectsTexts.card.viewDetails}
                      </ButtonLink>
                      <OwnerActions project={project} />
                    </div>
                  }
                />
              </li>
            );
          })}
        </ul>
      </section>
    );
  }

  return (
    <>
      <PageHeader
        title={projectsTexts.title.employer}
        lead={projectsTexts.lead.employer}
        actions={create}
        className="pj-page-header--split"
      />
      <ProjectStats projects={projects.data?.items} applications={applications.data?.items} />
      {body}
      <ProjectFormDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
