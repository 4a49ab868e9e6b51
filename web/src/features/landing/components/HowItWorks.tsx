import { howItWorks } from '../landing.texts';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

export function HowItWorks() {
  return (
    <section id="how-it-works" className="lp-section lp-section--tinted" aria-labelledby="how-it-works-title">
      <div className="lp-container">
        <SectionHeading
          id="how-it-works-title"
          eyebrow={howItWorks.eyebrow}
          title={howItWorks.title}
          lead={howItWorks.lead}
        />
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
      </div>
    </section>
  );
}
