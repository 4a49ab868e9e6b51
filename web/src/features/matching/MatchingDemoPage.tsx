import { Button } from 'antd';
import { useState } from 'react';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { LoadingState } from '../../shared/ui/LoadingState';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useGetMyAssessmentQuery } from '../../shared/api/assessment.api';
import { useCurrentUser } from '../../shared/session';
import { ProjectMatchCard } from './components/ProjectMatchCard';
import { MatchStats } from './components/MatchStats';
import { UserMatchCard } from './components/UserMatchCard';
import { useGetAdvancedMatchesQuery, useGetMyMatchesQuery, type AdvancedMatches } from './matching.api';
import { MATCHING_ALGORITHM } from '@projectory/contracts/values';
import { matchingTexts as t } from './matching.texts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { EmptyCard } from '../../shared/ui/EmptyCard';
import { ChoiceButtons } from '../../shared/ui/ChoiceButtons';
import './matching.css';

type View = 'projects' | 'users';

/**
 * /matching-demo, the AI-Powered Matches screen (prototype spec §2). Students see projects and the
 * employers behind them, and apply with Connect; employers see candidates as user matches.
 */
export function MatchingDemoPage() {
  useDocumentTitle(t.documentTitle);
  const user = useCurrentUser();
  const student = user.role === 'student';
  // Rankings change within seconds of an assessment, a skill or a project: ask again on every visit.
  const { data, isLoading, isError, isFetching, refetch } = useGetAdvancedMatchesQuery(user.id, {
    refetchOnMountOrArgChange: true,
  });
  const assessed = Boolean(useGetMyAssessmentQuery(undefined, { skip: !student }).data);
  const empty = !student
    ? { body: t.empty.bodyEmployer, cta: t.empty.ctaEmployer, to: '/projects' }
    : assessed
      ? { body: t.empty.bodyAssessed, cta: t.empty.ctaAssessed, to: '/skills' }
      : { body: t.empty.body, cta: t.empty.cta, to: '/assessment' };

  let body;
  if (isLoading) {
    body = <LoadingState label={t.loading} detail={t.loadingDetail} />;
  } else if (isError || !data) {
    body = (
      <div className="pj-card pj-empty" role="alert">
        <p className="pj-empty__title">{t.error}</p>
        <Button onClick={() => void refetch()} loading={isFetching}>
          {t.retry}
        </Button>
      </div>
    );
  } else if (data.projectMatches.length === 0 && data.userMatches.length === 0) {
    body = (
      <>
        <MatchStats matches={data} />
        <EmptyCard headingId="matches-empty-heading" title={t.empty.title} body={empty.body}>
          <ButtonLink type="primary" to={empty.to}>
            {empty.cta}
          </ButtonLink>
        </EmptyCard>
      </>
    );
  } else {
    body = <MatchLists matches={data} student={student} />;
  }

  return (
    <div className="pj-matching">
      <PageHeader
        title={t.title}
        lead={t.lead}
        className="pj-page-header--split"
        actions={
          data && (
            <Button onClick={() => void refetch()} loading={isFetching}>
              {t.refresh}
            </Button>
          )
        }
      >
        <p className="pj-matching__algorithm">
          {t.algorithm}: <code>{data?.algorithm ?? MATCHING_ALGORITHM}</code>
        </p>
      </PageHeader>
      {body}
    </div>
  );
}

interface MatchListsProps {
  matches: AdvancedMatches;
  student: boolean;
}

function MatchLists({ matches, student }: MatchListsProps) {
  const [view, setView] = useState<View>(student ? 'projects' : 'users');
  // Which projects the student has applied to already: their Connect reads 'Applied'.
  const applications = useGetMyMatchesQuery(undefined, { skip: !student });
  const [justApplied, setJustApplied] = useState<ReadonlySet<string>>(new Set());
  const byProject = new Map(applications.data?.items.map((match) => [match.projectId, match]));
  const applied = new Set([...byProject.keys(), ...justApplied]);

  return (
    <>
      <MatchStats matches={matches} />
      <ChoiceButtons<View>
        name="matches-view"
        label={t.viewLabel}
        value={view}
        onChange={setView}
        choices={t.views}
        solid
        className="pj-matching__toggle"
      />
      <section aria-labelledby="matches-view-heading">
        <h2 id="matches-view-heading" className="pj-visually-hidden">
          {t.views[view]}
        </h2>
        {view === 'projects' ? (
          matches.projectMatches.length === 0 ? (
            <p className="pj-matching__none">{t.emptyView.projects}</p>
          ) : (
            <ol className="pj-matching__cards">
              {matches.projectMatches.map((match) => (
                <li key={match.project.id}>
                  <ProjectMatchCard
                    match={match}
                    canApply={student}
                    applied={applied.has(match.project.id)}
                    application={byProject.get(match.project.id)}
                    onApplied={(projectId) => setJustApplied((ids) => new Set(ids).add(projectId))}
                  />
                </li>
              ))}
            </ol>
          )
        ) : matches.userMatches.length === 0 ? (
          <p className="pj-matching__none">{t.emptyView.users}</p>
        ) : (
          <ol className="pj-matching__cards">
            {matches.userMatches.map((match) => (
              <li key={match.userB.id}>
                <UserMatchCard match={match} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
