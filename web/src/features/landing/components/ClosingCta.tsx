import { closingCta, routes } from '../landing.texts';
import { Icon } from './Icon';

export function ClosingCta() {
  return (
    <section className="lp-section lp-cta-section" aria-labelledby="closing-cta-title">
      <div className="lp-container">
        <div className="lp-cta">
          <h2 id="closing-cta-title" className="lp-cta__title">
            {closingCta.title}
          </h2>
          <p className="lp-cta__lead">{closingCta.lead}</p>
          <a className="lp-btn lp-btn--light lp-btn--large" href={routes.signUp}>
            {closingCta.cta}
            <Icon name="arrow-right" size={20} />
          </a>
          <p className="lp-cta__note">{closingCta.note}</p>
        </div>
      </div>
    </section>
  );
}
