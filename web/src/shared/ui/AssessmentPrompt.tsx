import { useId } from 'react';
import { ButtonLink } from './ButtonLink';
import { Icon } from './Icon';
import { assessmentPromptTexts as t } from './assessment-prompt.texts';
import './assessment-prompt.css';

/**
 * The prompt to take the culture assessment, for a student who has none: on Home, on the dashboard,
 * and hidden in index.html's first frame of the dashboard until the early answer says so (app-frames.tsx).
 */
export function AssessmentPrompt() {
  const headingId = useId();
  return (
    <section className="pj-card pj-prompt" aria-labelledby={headingId}>
      <span className="pj-prompt__icon">
        <Icon name="clipboard" size={24} />
      </span>
      <div className="pj-prompt__text">
        <h2 id={headingId} className="pj-card__title">
          {t.title}
        </h2>
        <p>{t.body}</p>
      </div>
      <ButtonLink type="primary" to="/assessment">
        {t.cta}
      </ButtonLink>
    </section>
  );
}
