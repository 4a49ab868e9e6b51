import { ButtonLink } from '../../../components/ButtonLink';
import { Icon } from '../../../components/Icon';
import { homeTexts } from '../home.texts';

const t = homeTexts.assessment;

/** Students who have not taken the assessment yet. */
export function AssessmentPrompt() {
  return (
    <section className="pj-panel pj-prompt" aria-labelledby="home-assessment-heading">
      <span className="pj-prompt__icon">
        <Icon name="clipboard" size={24} />
      </span>
      <div className="pj-prompt__text">
        <h2 id="home-assessment-heading" className="pj-panel__title">
          {t.title}
        </h2>
        <p>{t.body}</p>
      </div>
      <ButtonLink type="primary" to="/assessment" className="pj-prompt__cta">
        {t.cta}
      </ButtonLink>
    </section>
  );
}
