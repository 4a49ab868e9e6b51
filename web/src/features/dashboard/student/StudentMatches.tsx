import { Tag } from 'antd';
import { useId } from 'react';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { MatchScores } from '../../../shared/ui/ScoreBar';
import { formatDate } from '../../../shared/lib/format-date';
import { ClosedReason, MatchBadges, Reasons } from '../../../shared/ui/MatchTags';
import { MessageButton } from '../../messages';
import { MatchReview } from '../../reviews';
import { personName } from '../../../shared/lib/person-name';
import { QueryList } from '../../../shared/ui/ListStates';
import type { Match } from '../dashboard.api';
import { DEFAULT_DURATION, dashboardTexts } from '../dashboard.texts';
import { useMyMatches } from '../use-dashboard-data';

const t = dashboardTexts.matches;

/** Every application, newest first, with its status, its scores and the server's reasons for them. */
export function StudentMatches() {
  const query = useMyMatches();
  const { data } = query;

  const body = (
    <QueryList
      query={query}
      items={data?.items}
      loading={t.loading}
      loadError={t.loadError}
      empty={t.empty}
      emptyAction={
        <ButtonLink type="primary" to="/projects">
          {t.browse}
        </ButtonLink>
      }
    >
      {(items) => (
        <ul className="pj-dash__cards">
          {items.map((match) => (
            <li key={match.id}>
              <ApplicationCard match={match} />
            </li>
          ))}
        </ul>
      )}
    </QueryList>
  );

  return (
    <section aria-labelledby="dash-matches-heading" className="pj-dash__stack">
      <div className="pj-dash__head">
        <h2 id="dash-matches-heading" className="pj-dash__section-title">
          {t.title}
        </h2>
        {data && <span className="pj-dash__count">{t.count(data.items.length)}</span>}
      </div>
      {body}
    </section>
  );
}

function ApplicationCard({ match }: { match: Match }) {
  const id = useId();
  const { project } = match;
  const employer = personName(project.employer, dashboardTexts.unknownName);
  return (
    <article className="pj-card pj-dash__item" aria-labelledby={`${id}-title`}>
      <header className="pj-dash__item-head">
        <div className="pj-dash__item-heading">
          <h3 id={`${id}-title`} className="pj-dash__item-title">
            {project.title}
          </h3>
          <p className="pj-dash__row-sub">{t.by(employer)}</p>
        </div>
        <MatchBadges score={match.matchScore} status={match.status} className="pj-dash__tags" />
      </header>
      <ClosedReason status={match.status} reason={match.closedReason} />
      <p className="pj-dash__description">{project.description}</p>
      <dl className="pj-dash__facts">
        <div>
          <dt>{t.duration}</dt>
          <dd>{project.duration || DEFAULT_DURATION}</dd>
        </div>
      </dl>
      {project.culturalValues.length > 0 && (
        <ul className="pj-dash__chips" aria-label={t.values}>
          {project.culturalValues.map((value) => (
            <li key={value}>
              <Tag>{value}</Tag>
            </li>
          ))}
        </ul>
      )}
      <MatchScores skills={match.skillsMatch} culture={match.cultureMatch} labels={t} className="pj-dash__scores" />
      <Reasons reasons={match.reasons} id={`${id}-reasons`} />
      <MatchReview match={match} counterpart={employer} />
      <footer className="pj-dash__item-foot">
        <span className="pj-dash__row-sub">{t.applied(formatDate(match.createdAt))}</span>
        <div className="pj-dash__buttons">
          <MessageButton match={match} with={employer} project={project.title} />
          {match.closedReason !== 'project_archived' && ( // an archived project has no page any more
            <ButtonLink to={`/projects/${match.projectId}`} aria-label={t.viewDetailsLabel(project.title)}>
              {t.viewDetails}
            </ButtonLink>
          )}
        </div>
      </footer>
    </article>
  );
}
