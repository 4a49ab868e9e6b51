import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { careersTexts } from '../careers.texts';

const t = careersTexts.notForRole;

/** Employers (and admins): the page is for students; what it does for them is the projects they post. */
export function NotForRole() {
  return (
    <section className="pj-card pj-empty pj-careers__empty" aria-labelledby="careers-title">
      <h1 id="careers-title" className="pj-page-header__title">
        {t.title}
      </h1>
      <p className="pj-empty__body">{t.body}</p>
      <ButtonLink type="primary" to="/projects">
        {t.cta}
      </ButtonLink>
    </section>
  );
}
