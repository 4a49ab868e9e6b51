import { useState } from 'react';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useGetAdvancedMatchesQuery, exchangeLabel, ProjectMatchCard } from '../../matching';
import { StatusTag } from '../../../shared/ui/MatchTags';
import { threadPath } from '../../messages';
import type { User } from '../../../shared/session';
import { personName } from '../../../shared/lib/person-name';
import { QueryList } from '../../../shared/ui/ListStates';
import type { Match } from '../dashboard.api';
import { DEFAULT_DURATION, RECOMMENDED_LIMIT, dashboardTexts } from '../dashboard.texts';
import { useDashboardFigures, useMyMatches } from '../use-dashboard-data';
import { DashSection } from '../components/DashSection';

const t = dashboardTexts.studentProjects;
/** 'Manage Project' says where it leads: the conversation with the employer. */
const MANAGE_NOTE_ID = 'dash-manage-note';

/** Projects the student works on (accepted, then completed), and open projects recommended for them. */
export function StudentProjects({ user }: { user: User }) {
  return (
    <div className="pj-dash__stack">
      <ActiveProjects />
      <RecommendedProjects userId={user.id} />
    </div>
  );
}

function ActiveProjects() {
  const query = useMyMatches();
  const mine = query.data?.items.filter((match) => match.status === 'accepted' || match.status === 'completed');

  const body = (
    <QueryList
      query={query}
      items={mine}
      loading={dashboardTexts.matches.loading}
      loadError={dashboardTexts.matches.loadError}
      rows={2}
      empty={t.activeEmpty}
    >
      {(active) => (
        <>
          <p id={MANAGE_NOTE_ID} className="pj-dash__muted">
            {t.manageNote}
          </p>
          <ul className="pj-dash__rows">
            {active.map((match) => (
              <ActiveProjectRow key={match.id} match={match} />
            ))}
          </ul>
        </>
      )}
    </QueryList>
  );

  return (
    <section className="pj-card" aria-labelledby="dash-active-projects-heading">
      <h2 id="dash-active-projects-heading" className="pj-card__title">
        {t.activeTitle}
      </h2>
      {body}
    </section>
  );
}

function ActiveProjectRow({ match }: { match: Match }) {
  const { project } = match;
  return (
    <li className="pj-dash__row">
      <div className="pj-dash__row-text">
        <span className="pj-dash__row-title">{project.title}</span>
        <span className="pj-dash__row-sub">
          {dashboardTexts.matches.by(personName(project.employer, dashboardTexts.unknownName))} · {t.exchange}:{' '}
          {exchangeLabel(project.exchangeType)} · {t.duration}: {project.duration || DEFAULT_DURATION}
        </span>
      </div>
      <div className="pj-dash__row-actions">
        <StatusTag status={match.status} />
        <ButtonLink
          type="primary"
          to={threadPath(match.id)}
          aria-label={t.manageLabel(project.title)}
          aria-describedby={MANAGE_NOTE_ID}
        >
          {t.manage}
        </ButtonLink>
      </div>
    </li>
  );
}

function RecommendedProjects({ userId }: { userId: string }) {
  // Rankings change within seconds of an assessment, a skill or a new project: ask again on every visit.
  const query = useGetAdvancedMatchesQuery(userId, { refetchOnMountOrArgChange: true });
  const { data } = query;
  const applications = useMyMatches();
  const [justApplied, setJustApplied] = useState<ReadonlySet<string>>(new Set());
  const applied = new Set([...(applications.data?.items.map((match) => match.projectId) ?? []), ...justApplied]);
  const recommended = data?.projectMatches.slice(0, RECOMMENDED_LIMIT);
  // "See all" once there are more matches than the tab lists.
  const seeAll = data !== undefined && data.projectMatches.length > RECOMMENDED_LIMIT;
  const assessed = useDashboardFigures().data?.profileChecks.some((check) => check.key === 'assessment' && check.done);

  const body = (
    <QueryList
      query={query}
      items={recommended}
      loading={t.recommendedLoading}
      loadError={t.recommendedError}
      empty={assessed ? t.recommendedEmptyAssessed : t.recommendedEmpty}
      emptyAction={
        assessed ? (
          <ButtonLink type="primary" to="/skills">
            {dashboardTexts.skills.add}
          </ButtonLink>
        ) : (
          <ButtonLink type="primary" to="/assessment">
            {dashboardTexts.quickActions.completeAssessment}
          </ButtonLink>
        )
      }
    >
      {(matches) => (
        <ol className="pj-dash__cards pj-dash__cards--two">
          {matches.map((match) => (
            <li key={match.project.id}>
              <ProjectMatchCard
                match={match}
                canApply
                applied={applied.has(match.project.id)}
                onApplied={(projectId) => setJustApplied((ids) => new Set(ids).add(projectId))}
              />
            </li>
          ))}
        </ol>
      )}
    </QueryList>
  );

  return (
    <DashSection
      headingId="dash-recommended-heading"
      title={t.recommendedTitle}
      lead={t.recommendedLead}
      action={seeAll && <ButtonLink to="/matching-demo">{t.seeAll}</ButtonLink>}
    >
      {body}
    </DashSection>
  );
}
