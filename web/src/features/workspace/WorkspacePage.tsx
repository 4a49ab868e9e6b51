import { Alert } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useGetMyCredentialsQuery } from '../../shared/api';
import { credentialPagePath } from '../../shared/ui/credentials.texts';
import { toApiFailure } from '../../api/api-error';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { BackLink } from '../../shared/ui/BackLink';
import { LoadingState } from '../../shared/ui/LoadingState';
import { QueryError } from '../../shared/ui/LoadError';
import { lazyPart } from '../../shared/lib/lazy-part';
import { DecisionDialog, MilestoneDialog, SessionDialog, SubmitWorkDialog } from './components/lazy-dialogs';
import { Milestones } from './components/Milestones';
import { Sessions } from './components/Sessions';
import { WorkspaceHeader } from './components/WorkspaceHeader';
import { workspaceRole, type Viewer, type WorkspaceDialog } from './workspace-format';
import { useGetWorkspaceQuery } from './workspace.api';
import { workspaceTexts } from './workspace.texts';
import './workspace.css';

const t = workspaceTexts;

/** Rarely seen (no such workspace, or not the reader's): it, and antd's Result, load when needed. */
const NotFoundPage = lazyPart(
  () => import('../../shared/ui/NotFoundPage').then((m) => m.NotFoundPage),
  <LoadingState label={t.loading} />,
);

/**
 * /workspaces/:matchId: a collaboration's workspace for its student and employer (admins read it). The
 * plan of milestones with the student's submissions and the employer's decisions, the sessions they
 * schedule, the progress, the calendar feed and the way to their conversation. Changes are possible
 * while the match is accepted; afterwards it is read-only. Kept live from the socket (workspace.api.ts).
 */
export function WorkspacePage() {
  const { matchId = '' } = useParams();
  const user = useCurrentUser();
  const query = useGetWorkspaceQuery(matchId);
  const { data: workspace, error, isLoading } = query;
  const [dialog, setDialog] = useState<WorkspaceDialog | null>(null);
  useDocumentTitle(workspace ? t.documentTitle(workspace.project.title) : t.fallbackTitle);
  const failure = error ? toApiFailure(error) : undefined;

  if (isLoading) return <LoadingState label={t.loading} />;
  if (!workspace && (failure?.status === 404 || failure?.status === 403)) return <NotFoundPage embedded />;
  if (!workspace) {
    return (
      <div className="pj-workspace">
        <WorkspaceBackLink />
        <QueryError title={t.loadError} query={query} retryLabel={t.retry} />
      </div>
    );
  }

  const viewer: Viewer = {
    userId: user.id,
    role: workspaceRole(workspace, user.id),
    open: workspace.status === 'accepted',
  };
  const { role, open } = viewer;
  const close = () => setDialog(null);

  return (
    <div className="pj-workspace">
      <WorkspaceBackLink />
      <WorkspaceHeader workspace={workspace} role={role} />
      {!open && (
        <Alert
          type="info"
          showIcon
          title={workspace.status === 'completed' ? t.header.closed.completed : t.header.closed.other}
          action={
            workspace.status === 'completed' &&
            role === 'student' && <CredentialLink projectId={workspace.project.id} />
          }
        />
      )}
      {open && role === 'viewer' && <Alert type="info" showIcon title={t.header.readOnlyViewer} />}
      <div className="pj-workspace__grid">
        <Milestones workspace={workspace} viewer={viewer} onDialog={setDialog} />
        <Sessions workspace={workspace} viewer={viewer} onDialog={setDialog} />
      </div>
      {/* Loaded when first opened; one that cannot be loaded closes (a toast says so), and opens at the next try. */}
      {dialog?.kind === 'add' && <MilestoneDialog matchId={matchId} onClose={close} onLoadFailure={close} />}
      {dialog?.kind === 'edit' && (
        <MilestoneDialog matchId={matchId} milestone={dialog.milestone} onClose={close} onLoadFailure={close} />
      )}
      {dialog?.kind === 'submit' && (
        <SubmitWorkDialog matchId={matchId} milestone={dialog.milestone} onClose={close} onLoadFailure={close} />
      )}
      {dialog?.kind === 'decide' && (
        <DecisionDialog
          matchId={matchId}
          milestone={dialog.milestone}
          submission={dialog.submission}
          decision={dialog.decision}
          onClose={close}
          onLoadFailure={close}
        />
      )}
      {dialog?.kind === 'session' && <SessionDialog matchId={matchId} onClose={close} onLoadFailure={close} />}
    </div>
  );
}

/** The way back, first on the page; also in index.html's first frame of the page (app/app-frames.tsx). */
export function WorkspaceBackLink() {
  return <BackLink to="/dashboard" label={t.back} className="pj-workspace__back" />;
}

/** The student's credential for this project, once issued: a link to its public page (nothing before). */
function CredentialLink({ projectId }: { projectId: string }) {
  const { data } = useGetMyCredentialsQuery(undefined);
  const credential = data?.items.find((item) => item.project.id === projectId);
  return credential ? <Link to={credentialPagePath(credential.id)}>{t.header.viewCredential}</Link> : null;
}
