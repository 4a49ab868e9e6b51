import { App, Button } from 'antd';
import { useId } from 'react';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { confirmDanger } from '../../../shared/lib/confirm-danger';
import { formatDateTime } from '../../../shared/lib/format-date';
import { personName } from '../../../shared/lib/person-name';
import { CardList } from '../../../shared/ui/CardList';
import { CardSection } from '../../../shared/ui/CardSection';
import { Icon } from '../../../shared/ui/Icon';
import { ListEmpty } from '../../../shared/ui/ListStates';
import { upcomingSessions, type Viewer, type WorkspaceDialog } from '../workspace-format';
import { useCancelSessionMutation, type Workspace, type WorkspaceSession } from '../workspace.api';
import { workspaceTexts } from '../workspace.texts';
import { preloads, SessionDialog } from './lazy-dialogs';

const t = workspaceTexts.sessions;

export interface SessionsProps {
  workspace: Workspace;
  viewer: Viewer;
  /** Opens a dialog (the page shows it). */
  onDialog: (dialog: WorkspaceDialog) => void;
}

/** The sessions still to come, soonest first, in the reader's time; either participant schedules and cancels. */
export function Sessions({ workspace, viewer, onDialog }: SessionsProps) {
  const takesPart = viewer.open && viewer.role !== 'viewer';
  const sessions = upcomingSessions(workspace.sessions);
  const people = [workspace.employer, workspace.student];
  const scheduledBy = (session: WorkspaceSession) => {
    if (session.createdBy === viewer.userId) return t.byYou;
    const person = people.find((candidate) => candidate.id === session.createdBy);
    return person ? t.by(personName(person)) : undefined;
  };

  return (
    <CardSection
      headingId="workspace-sessions-heading"
      title={t.title}
      headClassName="pj-workspace__section-head"
      aside={
        takesPart && (
          <Button
            icon={<Icon name="calendar" size={16} />}
            onClick={() => onDialog({ kind: 'session' })}
            {...preloads(SessionDialog)}
          >
            {t.schedule}
          </Button>
        )
      }
    >
      <p className="pj-workspace__lead">{t.lead}</p>
      {sessions.length === 0 ? (
        <ListEmpty>{takesPart ? t.empty : t.emptyClosed}</ListEmpty>
      ) : (
        <CardList items={sessions} className="pj-sessions">
          {(session) => (
            <SessionCard
              matchId={workspace.matchId}
              session={session}
              by={scheduledBy(session)}
              cancellable={takesPart}
            />
          )}
        </CardList>
      )}
    </CardSection>
  );
}

interface SessionCardProps {
  matchId: string;
  session: WorkspaceSession;
  by: string | undefined;
  cancellable: boolean;
}

function SessionCard({ matchId, session, by, cancellable }: SessionCardProps) {
  const titleId = useId();
  const { modal, notification } = App.useApp();
  const [cancel, { isLoading }] = useCancelSessionMutation();
  const onCancel = () =>
    confirmDanger(modal, { ...t.confirmCancel, title: t.confirmCancel.title(session.title) }, async () => {
      try {
        await cancel({ matchId, sessionId: session.id }).unwrap();
        notification.success({ title: t.cancelled });
      } catch (error) {
        notification.error({ title: workspaceTexts.error, description: failureMessage(toApiFailure(error)) });
      }
    });

  return (
    <article className="pj-session" aria-labelledby={titleId}>
      <div className="pj-session__text">
        <h3 id={titleId} className="pj-session__title">
          {session.title}
        </h3>
        <p className="pj-session__when">
          <time dateTime={session.startsAt}>
            {t.when(formatDateTime(session.startsAt), t.minutes(session.durationMinutes))}
          </time>
        </p>
        {by && <p className="pj-session__by">{by}</p>}
        {session.agenda && (
          <p className="pj-session__agenda">
            <span className="pj-visually-hidden">{t.agenda}: </span>
            {session.agenda}
          </p>
        )}
      </div>
      {cancellable && (
        <Button danger size="small" onClick={onCancel} loading={isLoading} aria-label={t.cancelLabel(session.title)}>
          {t.cancel}
        </Button>
      )}
    </article>
  );
}
