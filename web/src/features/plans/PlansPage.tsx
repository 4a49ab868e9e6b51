import { Alert, App, Button, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { AdminErrorCode, UPGRADE_MESSAGE_MAX, plans, type Plan } from '@projectory/contracts/values';
import { failureMessage, toApiFailure } from '../../api/api-error';
import { formatDate } from '../../shared/lib/format-date';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { ApplicationsLeft, useApplicationsLeft } from '../../shared/ui/ApplicationsLeft';
import { pricing } from '../landing';
import { UPGRADE_REQUEST_KEY, useMyUpgradeRequestQuery, useRequestUpgradeMutation } from './plans.api';
import { plansTexts as t } from './plans.texts';
import { usePlanChanges } from './use-plan-changes';
import { palette } from '../../shared/theme';
import { PageHeader } from '../../shared/ui/PageHeader';
import './plans.css';

type UpgradePlan = Exclude<Plan, 'free'>;

/** The landing page's pricing cards, in the order of `plans` (free, professional, enterprise). */
const cards = plans.map((id, index) => ({ id, ...pricing.plans[index]! }));

/**
 * /plans (issue 16): the three plans of the pricing section with the current one marked. A higher plan
 * is requested (POST /api/plans/upgrade-requests) and granted by an administrator; Enterprise asks for
 * a message. The page follows the plan live: when an admin changes it, the marks move without a reload.
 */
export function PlansPage() {
  useDocumentTitle(t.documentTitle);
  usePlanChanges();
  const user = useCurrentUser();
  const [request, { data: requested, isLoading, reset }] = useRequestUpgradeMutation({
    fixedCacheKey: UPGRADE_REQUEST_KEY,
  });
  // The request the server holds for this user (after a reload too); admins make none.
  const { data: open, refetch: refetchOpen } = useMyUpgradeRequestQuery(undefined, {
    skip: user.role === 'admin',
    refetchOnMountOrArgChange: true,
  });
  const { notification } = App.useApp();
  const [pendingPlan, setPendingPlan] = useState<UpgradePlan>();
  const [contactOpen, setContactOpen] = useState(false);
  const [contactError, setContactError] = useState<string>();
  const [form] = Form.useForm<{ message?: string }>();

  const current = plans.indexOf(user.plan);
  // A request the server already holds (answered 202 here, listed by /me, or 409 UPGRADE_REQUEST_OPEN) until the plan reaches it.
  const known = requested ?? open ?? undefined;
  const pending = (known?.plan ?? pendingPlan) as UpgradePlan | undefined;
  const requestedOn = known && known.plan === pending ? formatDate(known.createdAt) : undefined;
  const stillPending = pending !== undefined && plans.indexOf(pending) > current ? pending : undefined;

  const send = async (plan: UpgradePlan, message?: string): Promise<boolean> => {
    try {
      await request(message ? { plan, message } : { plan }).unwrap();
      return true;
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.code === AdminErrorCode.UpgradeRequestOpen) {
        reset();
        setPendingPlan(plan);
        void refetchOpen();
        return true;
      }
      if (plan === 'enterprise' && contactOpen) setContactError(failureMessage(failure));
      else notification.error({ title: t.failed, description: failureMessage(failure) });
      return false;
    }
  };

  return (
    <div className="pj-plans">
      <PageHeader title={t.title} lead={t.lead} />
      <div className="pj-plans__status">
        <p className="pj-plans__current" aria-live="polite">
          {t.current(t.names[user.plan] ?? user.plan)}
        </p>
        {user.role === 'student' && user.plan === 'free' && <PlanApplicationsLeft />}
      </div>
      {stillPending && (
        <Alert
          type="info"
          showIcon
          role="status"
          className="pj-plans__pending"
          title={t.pendingTitle(t.names[stillPending] ?? stillPending)}
          description={requestedOn ? t.requestedOn(requestedOn) : t.pendingDetail}
        />
      )}
      <ul className="pj-plans__list">
        {cards.map((card, index) => {
          const isCurrent = card.id === user.plan;
          const higher = index > current;
          return (
            <li
              key={card.id}
              className={`pj-card pj-plan${card.featured ? ' pj-plan--featured' : ''}${isCurrent ? ' pj-plan--current' : ''}`}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <div className="pj-plan__tags">
                {card.badge && <Tag color={palette.accentStrong}>{card.badge}</Tag>}
                {isCurrent && <Tag color={palette.success}>{t.currentTag}</Tag>}
              </div>
              <h2 className="pj-plan__name">{card.name}</h2>
              <p className="pj-plan__description">{card.description}</p>
              <p className="pj-plan__price">
                <strong>{card.price}</strong>
                {card.period && <span> {card.period}</span>}
              </p>
              <ul className="pj-plan__features" aria-label={`${card.name}: ${t.included}`}>
                {card.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {/* Admins hold every power already; the server takes requests from students and employers. */}
              {higher &&
                user.role !== 'admin' &&
                (stillPending === card.id ? (
                  <Button disabled block>
                    {t.pending}
                  </Button>
                ) : card.id === 'enterprise' ? (
                  <Button
                    block
                    aria-label={t.contactLabel}
                    disabled={stillPending !== undefined}
                    onClick={() => {
                      setContactError(undefined);
                      setContactOpen(true);
                    }}
                  >
                    {t.contactUs}
                  </Button>
                ) : (
                  <Button
                    type="primary"
                    block
                    loading={isLoading && !contactOpen}
                    disabled={stillPending !== undefined}
                    aria-label={t.requestLabel(card.name)}
                    onClick={() => void send(card.id as UpgradePlan)}
                  >
                    {t.requestUpgrade}
                  </Button>
                ))}
            </li>
          );
        })}
      </ul>
      <section className="pj-plans__all" aria-labelledby="pj-plans-all">
        <h2 id="pj-plans-all" className="pj-plans__all-title">
          {pricing.allPlansTitle}
        </h2>
        <ul className="pj-plans__all-list">
          {pricing.allPlans.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <Modal
        open={contactOpen}
        title={t.enterprise.title}
        okText={t.enterprise.send}
        cancelText={t.enterprise.cancel}
        okButtonProps={{ loading: isLoading }}
        onOk={() => form.submit()}
        onCancel={() => setContactOpen(false)}
        destroyOnHidden
      >
        <p>{t.enterprise.intro}</p>
        {contactError && <Alert type="error" showIcon role="alert" title={contactError} className="pj-plans__error" />}
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={({ message }) =>
            void send('enterprise', message?.trim() || undefined).then((sent) => sent && setContactOpen(false))
          }
        >
          <Form.Item
            name="message"
            label={t.enterprise.message}
            rules={[{ max: UPGRADE_MESSAGE_MAX, message: t.enterprise.tooLong(UPGRADE_MESSAGE_MAX) }]}
          >
            <Input.TextArea
              autoFocus
              rows={4}
              placeholder={t.enterprise.placeholder}
              maxLength={UPGRADE_MESSAGE_MAX}
              showCount
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** "3 of 5 applications left this month", for a student on the free plan. */
function PlanApplicationsLeft() {
  return <ApplicationsLeft {...useApplicationsLeft()} className="pj-plans__left" />;
}
