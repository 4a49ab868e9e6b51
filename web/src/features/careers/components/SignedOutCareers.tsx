import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { AuthLayout } from '../../auth';
import { loginPathFor } from '../../../shared/session';
import { careersTexts } from '../careers.texts';
import { BlsCredit } from './Sources';

const t = careersTexts;
const HERE = '/career-recommendations';

/**
 * A visitor's /career-recommendations (prototype spec §6: the one signed-in page visitors may open),
 * in the public pages' layout: what the page does and a way to sign in or up that comes back here.
 * No API call: it would only be a 401.
 */
export function SignedOutCareers() {
  return (
    <AuthLayout
      documentTitle={t.documentTitle}
      title={t.signedOut.title}
      lead={t.signedOut.lead}
      cardTitle={t.signedOut.prompt}
      aside={<BlsCredit />}
    >
      <div className="pj-careers-public__actions">
        <ButtonLink type="primary" size="large" block to={loginPathFor(HERE)}>
          {t.signedOut.signIn}
        </ButtonLink>
        <ButtonLink size="large" block to={`/signup?next=${encodeURIComponent(HERE)}`}>
          {t.signedOut.signUp}
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
