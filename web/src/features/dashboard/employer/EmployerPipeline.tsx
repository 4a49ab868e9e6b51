import { Select } from 'antd';
import { useId, useState } from 'react';
import { refetchOnMount } from '../../../app/boot-cache';
import { useInvitationAnswers } from '../../../shared/api/invitations.api';
import { lazyPart } from '../../../shared/lib/lazy-part';
import { ListLoading } from '../../../shared/ui/ListStates';
import { QueryError } from '../../../shared/ui/LoadError';
import { StatGrid } from '../../../shared/ui/StatGrid';
import { useGetPipelineQuery, type Pipeline } from '../pipeline.api';
import { FUNNEL_EXITS, FUNNEL_STEPS, PIPELINE_WEEKS, pipelineTexts as t } from '../pipeline.texts';
import { useMyProjects } from '../use-dashboard-data';
import '../pipeline.css';

/** The charts (and their library) load only when the Analytics tab is first shown. */
const PipelineCharts = lazyPart(
  () => import('./PipelineCharts').then((m) => m.PipelineCharts),
  <ListLoading label={t.chartLoading} rows={3} />,
);

/**
 * The employer's hiring pipeline (API.md "Finding talent"): the funnel from invited to completed with
 * the rejected and withdrawn, the invitation acceptance rate, the median response time and the weekly
 * series, overall or for one project.
 */
export function EmployerPipeline() {
  const id = useId();
  const [projectId, setProjectId] = useState('');
  // A declined invitation moves the acceptance rate without any application changing.
  useInvitationAnswers();
  const projects = useMyProjects();
  const query = useGetPipelineQuery(
    { projectId, weeks: PIPELINE_WEEKS },
    { refetchOnMountOrArgChange: refetchOnMount() },
  );

  let body;
  if (query.isLoading) body = <ListLoading label={t.loading} rows={5} />;
  else if (!query.data) body = <QueryError title={t.loadError} query={query} retryLabel={t.retry} />;
  else body = <PipelineFigures pipeline={query.data} />;

  return (
    <section className="pj-card pj-pipeline" aria-labelledby={`${id}-title`} aria-busy={query.isFetching}>
      <div className="pj-pipeline__head">
        <div>
          <h3 id={`${id}-title`} className="pj-card__title">
            {t.title}
          </h3>
          <p className="pj-pipeline__lead">{t.lead}</p>
        </div>
        <div className="pj-pipeline__project">
          <label htmlFor={`${id}-project`} className="pj-pipeline__label">
            {t.project}
          </label>
          <Select<string>
            id={`${id}-project`}
            value={projectId}
            onChange={setProjectId}
            loading={projects.isLoading}
            options={[
              { value: '', label: t.allProjects },
              ...(projects.data?.items ?? []).map((project) => ({ value: project.id, label: project.title })),
            ]}
            popupMatchSelectWidth={false}
            className="pj-pipeline__select"
          />
        </div>
      </div>
      {body}
    </section>
  );
}

function PipelineFigures({ pipeline }: { pipeline: Pipeline }) {
  const { funnel, invitationAcceptanceRate, medianResponseHours } = pipeline;
  return (
    <>
      <StatGrid
        label={t.figuresLabel}
        stats={[
          {
            label: t.acceptanceRate,
            value: invitationAcceptanceRate === null ? t.none : t.percent(invitationAcceptanceRate),
            hint: t.acceptanceRateHint,
          },
          {
            label: t.medianResponse,
            value: medianResponseHours === null ? t.none : t.hours(medianResponseHours),
            hint: t.medianResponseHint,
          },
        ]}
      />
      {/* The funnel's figures as text, whatever the chart: what screen readers and tests read. */}
      <ol className="pj-pipeline__funnel" aria-label={t.funnelLabel}>
        {[...FUNNEL_STEPS, ...FUNNEL_EXITS].map((step) => (
          <li
            key={step}
            className={FUNNEL_EXITS.includes(step) ? 'pj-pipeline__step pj-pipeline__step--exit' : 'pj-pipeline__step'}
          >
            <span className="pj-pipeline__step-label">{t.steps[step]}</span>{' '}
            <span className="pj-pipeline__step-count">{funnel[step]}</span>
          </li>
        ))}
      </ol>
      <PipelineCharts pipeline={pipeline} />
    </>
  );
}
