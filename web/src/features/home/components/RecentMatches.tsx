import { Skeleton } from 'antd';
import { opensWorkspace, workspacePath } from '@projectory/contracts/values';
import { Link } from 'react-router-dom';
import type { RecentMatch } from '../../../shared/api/dashboard.api';
import { homeTexts } from '../home.texts';
import { ClosedReason, MatchBadges } from '../../../shared/ui/MatchTags';
import { CardSection } from '../../../shared/ui/CardSection';

const t = homeTexts.recent;

export interface RecentMatchesProps {
  student: boolean;
  /** undefined while loading. */
  matches: RecentMatch[] | undefined;
  /** Students: the assessment is taken; employers: a project is posted. Chooses the empty text. */
  started: boolean;
}

/** 'Recent Matches' (students) or 'Recent Activity' (employers): up to 3, newest first. */
export function RecentMatches({ student, matches, started }: RecentMatchesProps) {
  return (
    <CardSection
      headingId="home-recent-heading"
      title={student ? t.student : t.employer}
      headClassName="pj-panel__head"
      aside={<Link to="/dashboard">{t.viewAll}</Link>}
    >
      {matches === undefined ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : matches.length === 0 ? (
        <p className="pj-empty-note">{emptyText(student, started)}</p>
      ) : (
        <ul className="pj-matches">
          {matches.slice(0, 3).map((match) => (
            <li key={match.id} className="pj-match">
              <div className="pj-match__text">
                <span className="pj-match__title">{match.projectTitle}</span>
                <span className="pj-match__who">{t.with(match.counterpartName)}</span>
                <ClosedReason status={match.status} reason={match.closedReason} />
                {opensWorkspace(match.status) && (
                  <Link to={workspacePath(match.id)} aria-label={t.workspaceLabel(match.projectTitle)}>
                    {t.workspace}
                  </Link>
                )}
              </div>
              <MatchBadges score={match.matchScore} status={match.status} className="pj-match__tags" />
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

function emptyText(student: boolean, started: boolean): string {
  if (student) return started ? t.emptyStudentAssessed : t.emptyStudent;
  return started ? t.emptyEmployerPosted : t.emptyEmployer;
}
