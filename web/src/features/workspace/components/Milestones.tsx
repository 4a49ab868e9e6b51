import { App, Button, Tag } from 'antd';
import { milestoneStatusLabels, type MilestoneStatus } from '@projectory/contracts/values';
import { useId } from 'react';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { confirmDanger } from '../../../shared/lib/confirm-danger';
import { formatDate, formatDay } from '../../../shared/lib/format-date';
import { CardSection } from '../../../shared/ui/CardSection';
import { Icon } from '../../../shared/ui/Icon';
import { ListEmpty } from '../../../shared/ui/ListStates';
import { palette } from '../../../shared/theme';
import { awaitingDecision, canSubmit, inPlanOrder, type Viewer, type WorkspaceDialog } from '../workspace-format';
import {
  useDeleteMilestoneMutation,
  useUpdateMilestoneMutation,
  type Milestone,
  type Workspace,
} from '../workspace.api';
import { workspaceTexts } from '../workspace.texts';
import { DecisionDialog, MilestoneDialog, preloads, SubmitWorkDialog } from './lazy-dialogs';
import { Submissions } from './Submissions';

const t = workspaceTexts.milestones;

const STATUS_COLORS: Record<MilestoneStatus, string | undefined> = {
  open: undefined,
  submitted: palette.info,
  changes_requested: palette.warning,
  approved: palette.success,
};

export interface MilestonesProps {
  workspace: Workspace;
  viewer: Viewer;
  /** Opens a dialog (the page shows it). */
  onDialog: (dialog: WorkspaceDialog) => void;
}

/** The plan in its order: each milestone with its due date, status, description and submissions. */
export function Milestones({ workspace, viewer, onDialog }: MilestonesProps) {
  const { role, open } = viewer;
  const plans = open && role === 'employer';
  const ordered = inPlanOrder(workspace.milestones);
  let empty = t.empty.closed;
  if (open && role === 'employer') empty = t.empty.employer;
  else if (open && role === 'student') empty = t.empty.student;

  return (
    <CardSection
      headingId="workspace-milestones-heading"
      title={t.title}
      headClassName="pj-workspace__section-head"
      aside={
        plans && (
          <Button
            type="primary"
            icon={<Icon name="plus" size={16} />}
            onClick={() => onDialog({ kind: 'add' })}
            {...preloads(MilestoneDialog)}
          >
            {t.add}
          </Button>
        )
      }
    >
      {ordered.length === 0 ? (
        <ListEmpty>{empty}</ListEmpty>
      ) : (
        <ol className="pj-milestones" aria-label={t.listLabel}>
          {ordered.map((milestone, index) => (
            <li key={milestone.id}>
              <MilestoneCard
                matchId={workspace.matchId}
                milestone={milestone}
                number={index + 1}
                isFirst={index === 0}
                isLast={index === ordered.length - 1}
                viewer={viewer}
                onAction={onDialog}
              />
            </li>
          ))}
        </ol>
      )}
    </CardSection>
  );
}

interface MilestoneCardProps {
  matchId: string;
  milestone: Milestone;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  viewer: Viewer;
  onAction: (dialog: WorkspaceDialog) => void;
}

function MilestoneCard({ matchId, milestone, number, isFirst, isLast, viewer, onAction }: MilestoneCardProps) {
  const { role, open } = viewer;
  const id = useId();
  const { modal, notification } = App.useApp();
  const [update, updating] = useUpdateMilestoneMutation();
  const [remove, removing] = useDeleteMilestoneMutation();
  const approved = milestone.status === 'approved';
  const pending = awaitingDecision(milestone);
  const plans = open && role === 'employer';

  const failed = (error: unknown) =>
    notification.error({ title: workspaceTexts.error, description: failureMessage(toApiFailure(error)) });
  const move = (by: -1 | 1) =>
    void update({ matchId, milestoneId: milestone.id, body: { position: number - 1 + by } })
      .unwrap()
      .catch(failed);
  const onDelete = () =>
    confirmDanger(modal, { ...t.confirmRemove, title: t.confirmRemove.title(milestone.title) }, async () => {
      await remove({ matchId, milestoneId: milestone.id }).unwrap().catch(failed);
    });

  return (
    <article className={`pj-milestone pj-milestone--${milestone.status}`} aria-labelledby={`${id}-title`}>
      <header className="pj-milestone__head">
        <div className="pj-milestone__heading">
          <h3 id={`${id}-title`} className="pj-milestone__title">
            <span className="pj-milestone__number">{number}.</span> {milestone.title}
          </h3>
          <p className="pj-milestone__due">
            <Icon name="calendar" size={14} />
            <span>{milestone.dueDate ? t.due(formatDay(milestone.dueDate)) : t.noDue}</span>
            {milestone.overdue && <strong className="pj-milestone__overdue">{t.overdue}</strong>}
            {milestone.approvedAt && <span>· {t.approvedOn(formatDate(milestone.approvedAt))}</span>}
          </p>
        </div>
        <Tag color={STATUS_COLORS[milestone.status]} className="pj-milestone__status">
          {milestoneStatusLabels[milestone.status]}
        </Tag>
      </header>
      {milestone.description && <p className="pj-milestone__description">{milestone.description}</p>}

      {pending && role === 'student' && <p className="pj-milestone__muted">{t.waitingStudent}</p>}
      {pending && plans && <p className="pj-milestone__muted">{t.waiting}</p>}
      {((plans && !approved) || (open && role === 'student' && canSubmit(milestone))) && (
        <div className="pj-milestone__actions">
          {open && role === 'student' && canSubmit(milestone) && (
            <Button
              type="primary"
              icon={<Icon name="upload" size={16} />}
              onClick={() => onAction({ kind: 'submit', milestone })}
              {...preloads(SubmitWorkDialog)}
              aria-label={t.labels.submit(milestone.title)}
            >
              {milestone.status === 'changes_requested' ? t.submitAgain : t.submit}
            </Button>
          )}
          {plans && pending && (
            <>
              <Button
                type="primary"
                onClick={() => onAction({ kind: 'decide', milestone, submission: pending, decision: 'approved' })}
                {...preloads(DecisionDialog)}
                aria-label={t.labels.approve(milestone.title)}
              >
                {t.approve}
              </Button>
              <Button
                onClick={() =>
                  onAction({ kind: 'decide', milestone, submission: pending, decision: 'changes_requested' })
                }
                {...preloads(DecisionDialog)}
                aria-label={t.labels.requestChanges(milestone.title)}
              >
                {t.requestChanges}
              </Button>
            </>
          )}
          {/* An approved milestone is done: it cannot move, change or go (409 MILESTONE_APPROVED). */}
          {plans && !approved && (
            <span className="pj-milestone__tools">
              <Button
                icon={<Icon name="arrow-up" size={16} />}
                onClick={() => move(-1)}
                disabled={isFirst || updating.isLoading}
                aria-label={t.labels.moveUp(milestone.title)}
                title={t.labels.moveUp(milestone.title)}
              />
              <Button
                icon={<Icon name="arrow-down" size={16} />}
                onClick={() => move(1)}
                disabled={isLast || updating.isLoading}
                aria-label={t.labels.moveDown(milestone.title)}
                title={t.labels.moveDown(milestone.title)}
              />
              <Button
                onClick={() => onAction({ kind: 'edit', milestone })}
                {...preloads(MilestoneDialog)}
                aria-label={t.labels.edit(milestone.title)}
              >
                {t.edit}
              </Button>
              <Button
                danger
                onClick={onDelete}
                loading={removing.isLoading}
                aria-label={t.labels.remove(milestone.title)}
              >
                {t.remove}
              </Button>
            </span>
          )}
        </div>
      )}
      <Submissions matchId={matchId} submissions={milestone.submissions} />
    </article>
  );
}
