import { App, Form, Input, Modal, Rate, type GetRef } from 'antd';
import { cloneElement, useRef, useState, type ReactElement } from 'react';
import { MatchingErrorCode, REVIEW_COMMENT_MAX } from '@projectory/contracts/values';
import { FormAlert } from '../../../shared/ui/FormAlert';
import { showServerErrors } from '../../../shared/lib/form-errors';
import { toApiFailure } from '../../../api/api-error';
import { useCreateReviewMutation } from '../reviews.api';
import { reviewsTexts } from '../reviews.texts';
import type { MatchReviewProps } from './MatchReview';
import { formDialogFooter } from '../../../shared/ui/form-dialog-footer';

const t = reviewsTexts;

/**
 * The stars are a radio group (rc-rate passes `role` on; antd's types leave it out), where Form.Item's
 * aria-required and aria-invalid are allowed; a plain list takes neither.
 */
const RADIO_GROUP = { role: 'radiogroup' } as Record<string, string>;

/**
 * Names each star for screen readers ("4 stars") instead of its icons' "star star"; its list item is
 * only a wrapper inside the radio group.
 */
function nameStar(star: ReactElement, { index = 0 }: { index?: number }): ReactElement {
  const item = star as ReactElement<{ role?: string; children: ReactElement<{ 'aria-label'?: string }> }>;
  return cloneElement(
    item,
    { role: 'presentation' },
    cloneElement(item.props.children, { 'aria-label': t.starOption(index + 1) }),
  );
}

interface ReviewValues {
  rating?: number;
  comment: string;
}

type RateRef = GetRef<typeof Rate>;

export interface MatchReviewDialogProps extends MatchReviewProps {
  open: boolean;
  onClose: () => void;
}

/** A rating of 1 to 5 stars and an optional comment, sent once (POST /api/reviews). */
export function MatchReviewDialog({ open, match, counterpart, onClose }: MatchReviewDialogProps) {
  const [form] = Form.useForm<ReviewValues>();
  const [send, { isLoading }] = useCreateReviewMutation();
  const [formError, setFormError] = useState<string>();
  const rateRef = useRef<RateRef>(null);
  const { message, notification } = App.useApp();
  const d = t.dialog;

  const close = () => {
    setFormError(undefined);
    onClose();
  };

  const submit = async ({ rating, comment }: ReviewValues) => {
    if (isLoading || rating === undefined) return;
    setFormError(undefined);
    try {
      await send({ match, rating, comment: comment.trim() }).unwrap();
      void message.success(d.sent);
      close();
    } catch (error) {
      if (toApiFailure(error).code === MatchingErrorCode.AlreadyReviewed) {
        // The match is asked again and shows the review already made.
        notification.info({ title: d.already });
        close();
        return;
      }
      setFormError(showServerErrors(form, error));
    }
  };

  return (
    <Modal
      open={open}
      title={d.title(counterpart)}
      onCancel={close}
      destroyOnHidden
      afterOpenChange={(visible) => visible && rateRef.current?.focus()}
      footer={formDialogFooter({
        cancel: d.cancel,
        onCancel: close,
        form,
        submit: isLoading ? d.sending : d.submit,
        loading: isLoading,
      })}
    >
      <Form<ReviewValues>
        form={form}
        name="review"
        layout="vertical"
        requiredMark={false}
        noValidate
        initialValues={{ comment: '' }}
        onFinish={(values) => void submit(values)}
        className="pj-review-form"
      >
        <FormAlert message={formError} />
        <Form.Item name="rating" label={d.rating} rules={[{ required: true, message: d.ratingRequired }]}>
          <Rate ref={rateRef} {...RADIO_GROUP} aria-label={d.rating} characterRender={nameStar} />
        </Form.Item>
        <Form.Item
          name="comment"
          label={d.comment}
          rules={[
            {
              max: REVIEW_COMMENT_MAX,
              message: d.commentTooLong(REVIEW_COMMENT_MAX),
              transform: (value: string) => value.trim(),
            },
          ]}
        >
          <Input.TextArea
            placeholder={d.commentPlaceholder}
            autoSize={{ minRows: 3, maxRows: 8 }}
            count={{ show: true, max: REVIEW_COMMENT_MAX }}
          />
        </Form.Item>
        <p className="pj-review__muted">
          {d.once} {t.hiddenRule}
        </p>
      </Form>
    </Modal>
  );
}
