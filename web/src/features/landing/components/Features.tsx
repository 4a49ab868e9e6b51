import { features } from '../landing.texts';
import { Icon } from './Icon';
import { Section } from './Section';

export function Features() {
  return (
    <Section id="features" heading={features}>
      <ul className="lp-features">
        {features.cards.map((card) => (
          <li key={card.title} className="lp-card lp-feature">
            <span className="lp-feature__icon">
              <Icon name={card.icon} />
            </span>
            <h3 className="lp-card__title">{card.title}</h3>
            <p className="lp-card__body">{card.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
