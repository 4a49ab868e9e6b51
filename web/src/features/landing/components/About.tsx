import { about } from '../landing.texts';
import { SectionHeading } from './SectionHeading';

export function About() {
  return (
    <section id="about" className="lp-section" aria-labelledby="about-title">
      <div className="lp-container lp-about">
        <div className="lp-about__mission">
          <SectionHeading id="about-title" eyebrow={about.eyebrow} title={about.title} />
          <h3 className="lp-about__mission-title">{about.missionTitle}</h3>
          {about.mission.map((paragraph) => (
            <p key={paragraph} className="lp-about__text">
              {paragraph}
            </p>
          ))}
        </div>
        <ul className="lp-stats" aria-label={about.statsLabel}>
          {about.stats.map((stat) => (
            <li key={stat.label} className="lp-card lp-stat">
              <p className="lp-stat__value">{stat.value}</p>
              <p className="lp-stat__label">{stat.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
