import { Button, Form, Input, Modal, type GetRef } from 'antd';
import { useRef, type RefObject } from 'react';
import { MatchingErrorCode, PITCH_MAX } from '@projectory/contracts/values';
import { matchingTexts } from '../matching.texts';
import { useApplyToProject, type ApplyOutcome } from '../use-apply';
import { ApplicationsLeft, useApplicationsLeft } from '../../../shared/ui/ApplicationsLeft';
import './apply-dialog.css';

const t = matchingTexts.applyDialog;

type PitchRef = GetRef<typeof Input.TextArea>;

/** Refusals that trying again cannot change: the dialog closes on them as on success. */
const FINAL_CODES = new Set<string>([
  MatchingErrorCode.PlanLimitReached,
  MatchingErrorCode.AlreadyApplied,
  MatchingErrorCode.ProjectInactive,
]);

export interface ApplyDialogProps {
  open: boolean;
  project: { id: string; title: string };
  /** Who receives the application, when known. */
  employer?: string;
  onClose: () => void;
  /** After an attempt that closed the dialog: it stays open, pitch kept, when trying again may work. */
  onDone?: (outcome: ApplyOutcome) => void;
}

/**
 * Apply Now and Connect both apply through here: the dialog says plainly that it sends an application,
 * takes an optional pitch ("Why you?", at most PITCH_MAX characters, trimmed) and shows how many
 * applications the student has left this month before they spend one.
 */
export function ApplyDialog({ open, project, employer, onClose, onDone }: ApplyDialogProps) {
  const pitchRef = useRef<PitchRef>(null);
  return (
    <Modal
      open={open}
      title={t.title(project.title)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      afterOpenChange={(visible) => visible && pitchRef.current?.focus()}
      className="pj-apply-dialog"
    >
      <ApplyForm project={project} employer={employer} pitchRef={pitchRef} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

interface ApplyFormProps extends Omit<ApplyDialogProps, 'open'> {
  pitchRef: RefObject<PitchRef | null>;
}

function ApplyForm({ project, employer, pitchRef, onClose, onDone }: ApplyFormProps) {
  const [form] = Form.useForm<{ pitch: string }>();
  const { apply, isLoading } = useApplyToProject();
  const left = useApplicationsLeft();
  const spent = left.left === 0;

  const onFinish = async ({ pitch }: { pitch: string }) => {
    const outcome = await apply(project.id, pitch);
    if (!outcome.applied && !FINAL_CODES.has(outcome.code ?? '')) return;
    onClose();
    onDone?.(outcome);
  };

  return (
    <Form<{ pitch: string }>
      form={form}
      name="apply"
      layout="vertical"
      requiredMark={false}
      noValidate
      initialValues={{ pitch: '' }}
      onFinish={(values) => void onFinish(values)}
      className="pj-apply-form"
    >
      <p className="pj-apply-form__body">{t.body(employer || t.anEmployer)}</p>
      <Form.Item
        name="pitch"
        label={t.pitch}
        rules={[{ max: PITCH_MAX, message: t.pitchTooLong(PITCH_MAX), transform: (value: string) => value.trim() }]}
      >
        <Input.TextArea
          ref={pitchRef}
          placeholder={t.pitchPlaceholder}
          autoSize={{ minRows: 4, maxRows: 10 }}
          count={{ show: true, max: PITCH_MAX }}
        />
      </Form.Item>
      <ApplicationsLeft {...left} beforeApplying />
      <div className="pj-form-actions">
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button type="primary" htmlType="submit" loading={isLoading} disabled={spent}>
          {isLoading ? t.sending : t.send}
        </Button>
      </div>
    </Form>
  );
}
