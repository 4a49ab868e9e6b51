import { useId } from 'react';
import { ButtonLink } from './ButtonLink';
import './quick-actions.css';

export interface QuickAction {
  to: string;
  label: string;
}

export interface QuickActionsProps {
  title: string;
  /** The first one is the main one. */
  actions: readonly QuickAction[];
  /** Two to a row (one on phones) where the card is wide, as on Home; one under the other in a sidebar. */
  columns?: 1 | 2;
}

/** A card of links to the next things to do (Home, the dashboards' sidebars). */
export function QuickActions({ title, actions, columns = 1 }: QuickActionsProps) {
  const headingId = useId();
  return (
    <section className="pj-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="pj-card__title">
        {title}
      </h2>
      <ul className={columns === 2 ? 'pj-quick-actions pj-quick-actions--two' : 'pj-quick-actions'}>
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
