import { workspacePath } from '@projectory/contracts/values';
import { formatDay } from '../../../shared/lib/format-date';
import { personName } from '../../../shared/lib/person-name';
import { useGetMyWorkspacesQuery, type WorkspaceSummary } from '../../../shared/api/workspaces.api';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { CardSection } from '../../../shared/ui/CardSection';
import { QueryList } from '../../../shared/ui/ListStates';
import { MilestoneProgress } from '../../../shared/ui/MilestoneProgress';
import { dashboardTexts } from '../dashboard.texts';

const t = dashboardTexts.collaborations;

/**
 * "Active Collaborations" on both dashboards: the accepted matches' workspaces (GET /api/workspaces/me,
 * next due first), each with its progress, the next milestone due and how many are overdue. Live: a
 * milestone approved in the workspace moves the bar here without a reload (shared/api/workspaces.api.ts).
 */
export function ActiveCollaborations({ role }: { role: 'student' | 'employer' }) {
  const query = useGetMyWorkspacesQuery(undefined);
  const active = query.data?.items.filter((workspace) => workspace.status === 'accepted');

  return (
    <CardSection
      headingId="dash-collaborations-heading"
      title={t.title}
      headClassName="pj-dash__head"
      aside={active && active.length > 0 && <span className="pj-dash__count">{t.count(active.length)}</span>}
    >
      <QueryList
        query={query}
        items={active}
        loading={t.loading}
        loadError={t.loadError}
        rows={2}
        empty={role === 'student' ? t.emptyStudent : t.emptyEmployer}
      >
        {(items) => <ul className="pj-dash__rows">{items.map(collaboration)}</ul>}
      </QueryList>
    </CardSection>
  );
}

/** One collaboration's row: the project, the other side, the next due date, overdue ones, the progress. */
function collaboration(workspace: WorkspaceSummary) {
  const { project, progress, nextDue, overdue } = workspace;
  return (
    <li key={workspace.matchId} className="pj-dash__row pj-dash__collab">
      <div className="pj-dash__row-text">
        <span className="pj-dash__row-title">{project.title}</span>
        <span className="pj-dash__row-sub">{t.with(personName(workspace.counterpart))}</span>
        <span className="pj-dash__row-sub">
          {nextDue ? t.nextDue(nextDue.title, formatDay(nextDue.dueDate)) : t.noneDue}
        </span>
        {overdue > 0 && <strong className="pj-dash__overdue">{t.overdue(overdue)}</strong>}
      </div>
      <div className="pj-dash__collab-progress">
        <MilestoneProgress progress={progress} />
      </div>
      <ButtonLink to={workspacePath(workspace.matchId)} aria-label={t.openLabel(project.title)}>
        {t.open}
      </ButtonLink>
    </li>
  );
}
