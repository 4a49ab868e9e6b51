import { BrandLogo } from '../../../components/BrandLogo';
import { ButtonLink } from '../../../components/ButtonLink';
import { Icon } from '../../../components/Icon';
import { loginPathFor } from '../../auth/session';
import { careersTexts } from '../careers.texts';
import { BlsCredit } from './Sources';

const t = careersTexts.signedOut;
const HERE = '/career-recommendations';

/**
 * A visitor's /career-recommendations (prototype spec §6: the one signed-in page visitors may open):
 * what the page does and a way to sign in or up that comes back here. No API call: it would be a 401.
 */
export function SignedOutCareers() {
  return (
    <div className="pj-page pj-careers-public">
      <header className="pj-careers-public__header">
        <a href="/" className="pj-careers-public__back">
          <Icon name="arrow-left" size={16} />
          {t.backHome}
        </a>
        <BrandLogo />
      </header>
      <main id="main" className="pj-careers-public__main">
        <span className="pj-careers-public__icon">
          <Icon name="compass" size={28} />
        </span>
        <h1 className="pj-careers-public__title">{t.title}</h1>
        <p className="pj-careers-public__lead">{t.lead}</p>
        <p className="pj-careers-public__prompt">{t.prompt}</p>
        <div className="pj-careers-public__actions">
          <ButtonLink type="primary" size="large" to={loginPathFor(HERE)}>
            {t.signIn}
          </ButtonLink>
          <ButtonLink size="large" to={`/signup?next=${encodeURIComponent(HERE)}`}>
            {t.signUp}
          </ButtonLink>
        </div>
        <BlsCredit />
      </main>
    </div>
  );
}
