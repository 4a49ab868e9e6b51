import { ButtonLink } from '../../../components/ButtonLink';
import { dashboardTexts } from '../dashboard.texts';

export interface QuickAction {
  to: string;
  label: string;
}

/** Links to the next things to do; the first one is the main one. */
export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <section className="pj-card" aria-labelledby="dash-actions-heading">
      <h2 id="dash-actions-heading" className="pj-card__title">
        {dashboardTexts.quickActions.title}
      </h2>
      <ul className="pj-dash__actions">
        {actions.map((action, index) => (
          <li key={action.label}>
            <ButtonLink to={action.to} type={index === 0 ? 'primary' : 'default'} block>
              {action.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
