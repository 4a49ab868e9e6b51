import { features } from '../landing.texts';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

export function Features() {
  return (
    <section id="features" className="lp-section" aria-labelledby="features-title">
      <div className="lp-container">
        <SectionHeading id="features-title" eyebrow={features.eyebrow} title={features.title} lead={features.lead} />
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
      </div>
    </section>
  );
}
