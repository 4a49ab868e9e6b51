import { howItWorks } from '../landing.texts';
import { Icon } from './Icon';
import { Section } from './Section';

export function HowItWorks() {
  return (
    <Section id="how-it-works" heading={howItWorks} tinted>
      <div className="lp-tracks">
        {howItWorks.tracks.map((track) => (
          <div key={track.title} className="lp-card lp-track">
            <h3 className="lp-track__title">
              <span className="lp-track__icon">
                <Icon name={track.icon} />
              </span>
              {track.title}
            </h3>
            <ol className="lp-steps">
              {track.steps.map((step) => (
                <li key={step.title} className="lp-step">
                  <h4 className="lp-step__title">{step.title}</h4>
                  <p className="lp-step__body">{step.body}</p>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </Section>
  );
}
