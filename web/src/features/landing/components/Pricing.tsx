import { pricing, type Plan } from '../landing.texts';
import { Icon } from './Icon';
import { Section } from './Section';

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <li className={plan.featured ? 'lp-card lp-plan lp-plan--featured' : 'lp-card lp-plan'}>
      {plan.badge ? <p className="lp-plan__badge">{plan.badge}</p> : null}
      <h3 className="lp-plan__name">{plan.name}</h3>
      <p className="lp-plan__description">{plan.description}</p>
      <p className="lp-plan__price">
        <span className="lp-plan__amount">{plan.price}</span>
        {plan.period ? <span className="lp-plan__period"> {plan.period}</span> : null}
      </p>
      <ul className="lp-checklist">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={18} className="lp-checklist__icon" />
            {feature}
          </li>
        ))}
      </ul>
      <a
        className={plan.featured ? 'lp-btn lp-btn--primary lp-plan__cta' : 'lp-btn lp-btn--secondary lp-plan__cta'}
        href={plan.cta.href}
      >
        {plan.cta.label}
      </a>
    </li>
  );
}

export function Pricing() {
  return (
    <Section id="pricing" heading={pricing} tinted>
      <ul className="lp-plans">
        {pricing.plans.map((plan) => (
          <PlanCard key={plan.name} plan={plan} />
        ))}
      </ul>
      <div className="lp-all-plans">
        <h3 className="lp-all-plans__title">{pricing.allPlansTitle}</h3>
        <ul className="lp-all-plans__list">
          {pricing.allPlans.map((item) => (
            <li key={item}>
              <Icon name="check" size={18} className="lp-checklist__icon" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
