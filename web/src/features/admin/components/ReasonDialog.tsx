import { Alert, Form, type GetRef, Input, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { ADMIN_REASON_MAX } from '@projectory/contracts/values';
import { adminTexts } from '../admin.texts';

const t = adminTexts.reason;

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  detail: string;
  okLabel: string;
  danger?: boolean;
  busy: boolean;
  /** The server's refusal, shown in the dialog so the reason typed is not lost. */
  error?: string;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  /** The field's texts and limit, when it is not the audit log's reason (a report's note). */
  texts?: { label: string; placeholder: string; required: string; tooLong: (max: number) => string };
  max?: number;
}

/** An action that must say why (suspensions, moderation): the reason is required and goes to the audit log. */
export function ReasonDialog({
  open,
  title,
  detail,
  okLabel,
  danger,
  busy,
  error,
  onSubmit,
  onCancel,
  texts = t,
  max = ADMIN_REASON_MAX,
}: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const reasonRef = useRef<GetRef<typeof Input.TextArea>>(null);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={title}
      okText={okLabel}
      okButtonProps={{ danger, loading: busy }}
      cancelText={adminTexts.users.cancel}
      onOk={() => form.submit()}
      onCancel={onCancel}
      // The dialog focuses itself once shown (at once when motion is off), after the field's autoFocus:
      // the reason, the one thing to fill in, takes it back.
      afterOpenChange={(shown) => shown && reasonRef.current?.focus()}
      destroyOnHidden
    >
      <p>{detail}</p>
      {error && <Alert type="error" showIcon role="alert" title={error} className="pj-admin-dialog__error" />}
      <Form form={form} layout="vertical" onFinish={({ reason }) => onSubmit(reason.trim())}>
        <Form.Item
          name="reason"
          label={texts.label}
          rules={[
            { required: true, whitespace: true, message: texts.required },
            { max, message: texts.tooLong(max) },
          ]}
        >
          <Input.TextArea
            ref={reasonRef}
            autoFocus
            rows={3}
            placeholder={texts.placeholder}
            maxLength={max}
            showCount
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
