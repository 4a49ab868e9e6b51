import type { SubmissionDecision } from '@projectory/contracts';
import { FEEDBACK_MAX } from '@projectory/contracts/values';
import { TextAreaItem } from '../../../shared/ui/TextAreaItem';
import { useDecideSubmissionMutation, type Milestone, type Submission } from '../workspace.api';
import { workspaceTexts } from '../workspace.texts';
import { FormDialog, useFormDialog } from './FormDialog';

const t = workspaceTexts.decisionDialog;

export interface DecisionDialogProps {
  matchId: string;
  milestone: Milestone;
  submission: Submission;
  decision: SubmissionDecision;
  onClose: () => void;
}

/** The employer's decision on the latest submission: feedback is optional to approve, required to ask for changes. */
export function DecisionDialog({ matchId, milestone, submission, decision, onClose }: DecisionDialogProps) {
  const { dialog, run } = useFormDialog<{ feedback: string }>(onClose);
  const [decide] = useDecideSubmissionMutation();
  const approve = decision === 'approved';

  const onFinish = ({ feedback }: { feedback: string }) => {
    const send = () => decide({ matchId, submissionId: submission.id, decision, feedback: feedback.trim() }).unwrap();
    void run(send, approve ? t.approved : t.changesRequested);
  };

  return (
    <FormDialog
      {...dialog}
      title={approve ? t.approveTitle(milestone.title) : t.changesTitle(milestone.title)}
      submit={approve ? t.approve : t.requestChanges}
      initialValues={{ feedback: '' }}
      onFinish={onFinish}
    >
      <TextAreaItem
        name="feedback"
        max={FEEDBACK_MAX}
        texts={approve ? { ...t.feedback, label: t.feedbackOptional, required: undefined } : t.feedback}
      />
    </FormDialog>
  );
}
