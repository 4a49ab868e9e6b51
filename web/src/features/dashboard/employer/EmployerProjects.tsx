import { Tag } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { formatDate } from '../../../shared/lib/format-date';
import { exchangeLabel } from '../../matching';
import { QueryList } from '../../../shared/ui/ListStates';
import type { Project } from '../dashboard.api';
import { DEFAULT_DURATION, dashboardTexts } from '../dashboard.texts';
import { useMyProjects } from '../use-dashboard-data';
import { palette } from '../../../shared/theme';
import { DashSection } from '../components/DashSection';
import { CardList } from '../../../shared/ui/CardList';
import { FactList } from '../../../shared/ui/FactList';

const t = dashboardTexts.employerProjects;

/** The employer's projects, active and inactive, with real applicant counts; each opens its project page. */
export function EmployerProjects() {
  const query = useMyProjects();
  const { data } = query;

  const body = (
    <QueryList query={query} items={data?.items} loading={t.loading} loadError={t.loadError} empty={t.empty}>
      {(items) => (
        <CardList items={items} className="pj-dash__cards">
          {(project) => <ProjectCard project={project} />}
        </CardList>
      )}
    </QueryList>
  );

  return (
    <DashSection
      headingId="dash-projects-heading"
      title={t.title}
      count={data && t.count(data.items.length)}
      action={
        <ButtonLink type="primary" to="/projects">
          {t.create}
        </ButtonLink>
      }
    >
      {body}
    </DashSection>
  );
}

function ProjectCard({ project }: { project: Project }) {
  const id = useId();
  const to = `/projects/${project.id}`;
  return (
    <article className="pj-card pj-dash__item" aria-labelledby={`${id}-title`}>
      <header className="pj-dash__item-head">
        <h3 id={`${id}-title`} className="pj-dash__item-title">
          <Link to={to}>{project.title}</Link>
        </h3>
        <div className="pj-dash__tags">
          <Tag color={project.isActive ? palette.success : undefined}>{project.isActive ? t.active : t.inactive}</Tag>
          <Tag color={palette.primary}>{t.applicants(project.applicantCount)}</Tag>
        </div>
      </header>
      <p className="pj-dash__description">{project.description}</p>
      <FactList
        className="pj-dash__facts"
        facts={[
          { label: t.exchange, value: exchangeLabel(project.exchangeType) },
          { label: t.duration, value: project.duration || DEFAULT_DURATION },
        ]}
      />
      <footer className="pj-dash__item-foot">
        <span className="pj-dash__row-sub">{t.posted(formatDate(project.createdAt))}</span>
        <div className="pj-dash__buttons">
          <ButtonLink to={to} aria-label={t.editLabel(project.title)}>
            {t.edit}
          </ButtonLink>
          <ButtonLink type="primary" to={to} aria-label={t.viewCandidatesLabel(project.title)}>
            {t.viewCandidates}
          </ButtonLink>
        </div>
      </footer>
    </article>
  );
}
