import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useRevokeCredentialMutation } from '../api/credentials.api';
import { showServerErrors } from '../lib/form-errors';
import { ALREADY_REVOKED, credentialsTexts, REVOCATION_REASON_MAX } from './credentials.texts';
import { formDialogFooter } from './form-dialog-footer';
import { FormAlert } from './FormAlert';
import { TextAreaItem } from './TextAreaItem';

const t = credentialsTexts.revoke;

export interface RevokeCredentialDialogProps {
  /** The credential to revoke: its id and the achievement's name. */
  credential: { id: string; title: string };
  /** The student whose profile lists it, so that their profile is asked again. */
  studentId?: string;
  onClose: () => void;
}

/**
 * POST /api/credentials/:id/revoke with a reason (1–500): admins, and the employer who issued it. Shown
 * while it is rendered; the credential's page, the student's lists and profile are asked again.
 */
export function RevokeCredentialDialog({ credential, studentId, onClose }: RevokeCredentialDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [revoke, { isLoading }] = useRevokeCredentialMutation();
  const [failure, setFailure] = useState<string>();
  const { message } = App.useApp();

  const onFinish = ({ reason }: { reason: string }) => {
    setFailure(undefined);
    revoke({ id: credential.id, reason: reason.trim(), studentId })
      .unwrap()
      .then(
        () => {
          void message.success(t.done(credential.title));
          onClose();
        },
        (error: unknown) =>
          setFailure(showServerErrors(form, error, { codeMessages: { [ALREADY_REVOKED]: t.already } })),
      );
  };

  const footer = formDialogFooter({
    cancel: t.cancel,
    onCancel: onClose,
    form,
    submit: t.ok,
    danger: true,
    loading: isLoading,
  });
  return (
    <Modal open title={t.title(credential.title)} onCancel={onClose} maskClosable={false} footer={footer}>
      <p>{t.body}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <FormAlert message={failure} />
        <TextAreaItem name="reason" max={REVOCATION_REASON_MAX} texts={t.reason} />
      </Form>
    </Modal>
  );
}
