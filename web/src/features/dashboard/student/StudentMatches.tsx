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
import { DashSection } from '../components/DashSection';
import { CardList } from '../../../shared/ui/CardList';
import { FactList } from '../../../shared/ui/FactList';

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
        <CardList items={items} className="pj-dash__cards">
          {(match) => <ApplicationCard match={match} />}
        </CardList>
      )}
    </QueryList>
  );

  return (
    <DashSection headingId="dash-matches-heading" title={t.title} count={data && t.count(data.items.length)}>
      {body}
    </DashSection>
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
      <FactList
        className="pj-dash__facts"
        facts={[{ label: t.duration, value: project.duration || DEFAULT_DURATION }]}
      />
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
