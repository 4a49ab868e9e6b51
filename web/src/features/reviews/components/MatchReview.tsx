import { App, Button, Form, Input, Modal, Rate, type GetRef } from 'antd';
import { cloneElement, useId, useRef, useState, type ReactElement } from 'react';
import { MatchingErrorCode, REVIEW_COMMENT_MAX } from '@projectory/contracts/values';
import { FormAlert } from '../../../components/FormAlert';
import { showServerErrors } from '../../../components/form-errors';
import { formatDate } from '../../../components/format-date';
import { toApiFailure } from '../../../api/api-error';
import type { Match } from '../../matching/matching.api';
import { useCreateReviewMutation } from '../reviews.api';
import { reviewsTexts } from '../reviews.texts';
import { Stars } from './Stars';
import '../reviews.css';

const t = reviewsTexts;

export interface MatchReviewProps {
  match: Match;
  /** Who the caller reviews: the other side of the match. */
  counterpart: string;
}

/**
 * The caller's side of a completed match's reviews: 'Leave a Review' while they may (`canReview`),
 * then their review, read-only (`myReview`). Nothing for a match that is not completed.
 */
export function MatchReview({ match, counterpart }: MatchReviewProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (match.myReview) {
    const review = match.myReview;
    return (
      <section className="pj-review pj-review--mine" aria-labelledby={`${id}-mine`}>
        <h4 id={`${id}-mine`} className="pj-review__title">
          {t.mine.title}
        </h4>
        <Stars rating={review.rating} />
        <p className="pj-review__comment">{review.comment || t.mine.noComment}</p>
        <p className="pj-review__muted">
          {t.mine.on(formatDate(review.createdAt))} {t.hiddenRule}
        </p>
      </section>
    );
  }
  if (!match.canReview) return null;
  return (
    <section className="pj-review pj-review--prompt" aria-labelledby={`${id}-prompt`}>
      <h4 id={`${id}-prompt`} className="pj-review__title">
        {t.prompt.title}
      </h4>
      <p>{t.prompt.body(counterpart)}</p>
      <p className="pj-review__muted">{t.hiddenRule}</p>
      <Button type="primary" onClick={() => setOpen(true)} aria-label={t.prompt.actionLabel(counterpart)}>
        {t.prompt.action}
      </Button>
      <ReviewDialog open={open} match={match} counterpart={counterpart} onClose={() => setOpen(false)} />
    </section>
  );
}

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

interface ReviewDialogProps extends MatchReviewProps {
  open: boolean;
  onClose: () => void;
}

/** A rating of 1 to 5 stars and an optional comment, sent once (POST /api/reviews). */
function ReviewDialog({ open, match, counterpart, onClose }: ReviewDialogProps) {
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
      footer={[
        <Button key="cancel" onClick={close}>
          {d.cancel}
        </Button>,
        <Button key="submit" type="primary" loading={isLoading} onClick={() => form.submit()}>
          {isLoading ? d.sending : d.submit}
        </Button>,
      ]}
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
