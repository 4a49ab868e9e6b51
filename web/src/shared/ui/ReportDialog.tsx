import { App, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import {
  REPORT_DETAILS_MAX,
  reportReasonLabels,
  reportReasons,
  type ReportReason,
  type ReportTargetType,
} from '@projectory/contracts/values';
import { useCreateReportMutation, type Report } from '../api/safety.api';
import { showServerErrors } from '../lib/form-errors';
import { formDialogFooter } from './form-dialog-footer';
import { FormAlert } from './FormAlert';
import { safetyTexts } from './safety.texts';
import { TextAreaItem } from './TextAreaItem';
import './safety.css';

const t = safetyTexts.report;

export interface ReportDialogProps {
  target: { type: ReportTargetType; id: string };
  /** What is reported, in the title: "this message", "this project", a person's name. */
  what: string;
  onClose: () => void;
  /** After the report was filed (its reported user is now blocked for the caller). */
  onReported?: (report: Report) => void;
}

interface Values {
  reason?: ReportReason;
  details: string;
}

/** POST /api/reports: a reason from the list and optional details (≤ 2000); shown while it is rendered. */
export function ReportDialog({ target, what, onClose, onReported }: ReportDialogProps) {
  const [form] = Form.useForm<Values>();
  const [report, { isLoading }] = useCreateReportMutation();
  const [failure, setFailure] = useState<string>();
  const { message } = App.useApp();

  const onFinish = ({ reason, details }: Values) => {
    if (!reason) return;
    setFailure(undefined);
    const text = details?.trim();
    report({ targetType: target.type, targetId: target.id, reason, ...(text ? { details: text } : {}) })
      .unwrap()
      .then(
        (filed) => {
          void message.success(t.done);
          onReported?.(filed);
          onClose();
        },
        (error: unknown) => setFailure(showServerErrors(form, error)),
      );
  };

  const footer = formDialogFooter({
    cancel: t.cancel,
    onCancel: onClose,
    form,
    submit: t.submit,
    danger: true,
    loading: isLoading,
  });
  return (
    <Modal open title={t.title(what)} onCancel={onClose} maskClosable={false} footer={footer} destroyOnHidden>
      <p>{t.intro}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ details: '' }}
        onFinish={onFinish}
        name="report"
      >
        <FormAlert message={failure} />
        <Form.Item name="reason" label={t.reason} rules={[{ required: true, message: t.reasonRequired }]}>
          <Radio.Group className="pj-report-dialog__reasons" aria-label={t.reason}>
            {reportReasons.map((reason) => (
              <Radio key={reason} value={reason}>
                {reportReasonLabels[reason]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <TextAreaItem name="details" max={REPORT_DETAILS_MAX} texts={t.details} />
      </Form>
    </Modal>
  );
}
