import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { FormAlert } from '../../../shared/ui/FormAlert';
import { showServerErrors } from '../../../shared/lib/form-errors';
import { useReviewPortfolioItemMutation, type PortfolioItem, NOTES_MAX } from '../../portfolio';
import { candidatesTexts } from '../candidates.texts';
import { formDialogFooter } from '../../../shared/ui/form-dialog-footer';

const t = candidatesTexts.review;

export type Decision = 'verified' | 'rejected';

export interface ReviewDialogProps {
  /** The item and what the reviewer chose to do with it; none: the dialog is closed. */
  review: { item: PortfolioItem; decision: Decision } | null;
  ownerId: string;
  onClose: () => void;
}

/** Verify or Reject an item with notes (PATCH /api/portfolios/:id/verification); rejecting needs notes. */
export function ReviewDialog({ review, ownerId, onClose }: ReviewDialogProps) {
  const [form] = Form.useForm<{ notes: string }>();
  const [send, { isLoading }] = useReviewPortfolioItemMutation();
  const [formError, setFormError] = useState<string>();
  const { message } = App.useApp();
  const rejecting = review?.decision === 'rejected';

  const close = () => {
    setFormError(undefined);
    form.resetFields();
    onClose();
  };

  const submit = async ({ notes }: { notes?: string }) => {
    if (!review) return;
    const { item, decision } = review;
    setFormError(undefined);
    try {
      await send({ id: item.id, ownerId, status: decision, notes: notes?.trim() ?? '' }).unwrap();
      void message.success(decision === 'verified' ? t.verified(item.title) : t.rejected(item.title));
      close();
    } catch (error) {
      setFormError(showServerErrors(form, error));
    }
  };

  const title = review ? (rejecting ? t.rejectTitle : t.verifyTitle)(review.item.title) : '';
  return (
    <Modal
      open={review !== null}
      title={title}
      onCancel={close}
      destroyOnHidden
      footer={formDialogFooter({
        cancel: t.cancel,
        onCancel: close,
        form,
        submit: rejecting ? t.confirmReject : t.confirmVerify,
        danger: rejecting,
        loading: isLoading,
      })}
    >
      <p>{rejecting ? t.rejectBody : t.verifyBody}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <FormAlert message={formError} />
        <Form.Item
          name="notes"
          label={rejecting ? t.notes : t.notesOptional}
          rules={[{ required: rejecting, whitespace: true, message: t.notesRequired }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={NOTES_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
