import { hero, routes } from '../landing.texts';
import { Icon } from './Icon';

const RING_RADIUS = 34;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** An illustration of what a match looks like, labelled as a sample (no live figures). */
function SampleMatchCard() {
  const { sample } = hero;
  return (
    <figure className="lp-sample" aria-labelledby="lp-sample-caption">
      <figcaption id="lp-sample-caption" className="lp-sample__caption">
        {sample.caption}
      </figcaption>
      <div className="lp-sample__top">
        <div>
          <p className="lp-sample__project">{sample.project}</p>
          <p className="lp-sample__exchange">{sample.exchange}</p>
        </div>
        <div className="lp-sample__score">
          <svg width="84" height="84" viewBox="0 0 84 84" aria-hidden="true" focusable="false">
            <circle cx="42" cy="42" r={RING_RADIUS} className="lp-sample__ring-track" />
            <circle
              cx="42"
              cy="42"
              r={RING_RADIUS}
              className="lp-sample__ring-value"
              strokeDasharray={RING_LENGTH.toFixed(2)}
              strokeDashoffset={(RING_LENGTH * (1 - sample.score / 100)).toFixed(2)}
            />
          </svg>
          <p className="lp-sample__score-text">
            <strong>{sample.score}%</strong> <span>{sample.matchLabel}</span>
          </p>
        </div>
      </div>
      <dl className="lp-sample__bars">
        {sample.scores.map((score) => (
          <div key={score.label} className="lp-sample__bar">
            <dt>{score.label}</dt>
            <dd>
              <span className="lp-sample__bar-track" aria-hidden="true">
                <span className="lp-sample__bar-fill" style={{ width: `${score.value}%` }} />
              </span>
              <span className="lp-sample__bar-value">{score.value}%</span>
            </dd>
          </div>
        ))}
      </dl>
      <ul className="lp-tags" aria-label="Skills">
        {sample.skills.map((skill) => (
          <li key={skill} className="lp-tag">
            {skill}
          </li>
        ))}
      </ul>
      <div className="lp-sample__reasons">
        <p className="lp-sample__reasons-title">{sample.reasonsTitle}</p>
        <ul>
          {sample.reasons.map((reason) => (
            <li key={reason}>
              <Icon name="check" size={16} className="lp-sample__reason-icon" />
              {reason}
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}

export function Hero() {
  return (
    <section id="home" className="lp-hero" aria-labelledby="home-title">
      <div className="lp-container lp-hero__grid">
        <div className="lp-hero__copy">
          <p className="lp-pill">{hero.eyebrow}</p>
          <h1 id="home-title" className="lp-hero__title">
            <span>{hero.titleLines[0]}</span> <span className="lp-hero__title-accent">{hero.titleLines[1]}</span>
          </h1>
          <p className="lp-hero__lead">{hero.lead}</p>
          <div className="lp-hero__actions">
            <a className="lp-btn lp-btn--primary lp-btn--large" href={routes.signUp}>
              {hero.primaryCta}
              <Icon name="arrow-right" size={20} />
            </a>
            <a className="lp-btn lp-btn--secondary lp-btn--large" href={routes.signIn}>
              {hero.secondaryCta}
            </a>
          </div>
          <p className="lp-hero__note">{hero.note}</p>
        </div>
        <SampleMatchCard />
      </div>
    </section>
  );
}
