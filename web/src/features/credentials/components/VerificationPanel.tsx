import { Button } from 'antd';
import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/lib/format-date';
import { Icon } from '../../../shared/ui/Icon';
import { useVerifyCredentialQuery, type PublicCredential } from '../credentials.api';
import { credentialPageTexts } from '../credentials.texts';

const t = credentialPageTexts.verification;

type Tone = 'checking' | 'verified' | 'revoked' | 'failed';

/**
 * Whether the credential can be relied on: Revoked (when, and why) when the issuer says so; otherwise
 * Verified only once this browser checked its signature (credentials.api.ts verifyCredential), and
 * "Could not verify" when the check failed or the keys could not be loaded. A live region: the outcome
 * is announced when the check ends.
 */
export function VerificationPanel({ record }: { record: PublicCredential }) {
  const query = useVerifyCredentialQuery(record);
  const { data: verification, error, isFetching, refetch } = query;
  const issuer = record.credential.issuer.name;

  let tone: Tone;
  let title: string;
  let body: ReactNode;
  if (record.status === 'revoked') {
    tone = 'revoked';
    title = t.revoked;
    body = (
      <>
        <p>{t.revokedBody(formatDate(record.revokedAt ?? ''))}</p>
        {record.revocationReason && (
          <p className="pj-credential-verify__reason">
            <strong>{t.reason}:</strong> {record.revocationReason}
          </p>
        )}
        {verification ? (
          <p>{t.revokedSignature[verification.outcome]}</p>
        ) : (
          <Reserved>
            <p>{t.revokedSignature.verified}</p>
          </Reserved>
        )}
      </>
    );
  } else if (verification?.outcome === 'verified') {
    tone = 'verified';
    title = t.verified;
    body = (
      <>
        <p>{t.verifiedBody(issuer)}</p>
        {verification.kid && <p className="pj-credential-verify__key">{t.keyId(verification.kid)}</p>}
      </>
    );
  } else if (verification || error) {
    tone = 'failed';
    title = t.failed;
    body = (
      <>
        <p>{verification?.outcome === 'failed' ? t.failedBody[verification.reason] : t.keysFailed}</p>
        {!verification && (
          <Button onClick={() => void refetch()} loading={isFetching}>
            {t.retry}
          </Button>
        )}
      </>
    );
  } else {
    tone = 'checking';
    title = t.checking;
    // The lines the usual outcome (verified) adds, kept hidden: nothing below moves when it comes.
    const kid = signingKeyId(record.jwt);
    body = (
      <Reserved>
        <p>{t.verifiedBody(issuer)}</p>
        {kid && <p className="pj-credential-verify__key">{t.keyId(kid)}</p>}
      </Reserved>
    );
  }

  return (
    <section className={`pj-credential-verify pj-credential-verify--${tone}`} aria-labelledby="credential-verification">
      <h2 id="credential-verification" className="pj-visually-hidden">
        {t.title}
      </h2>
      <div role="status" className="pj-credential-verify__status">
        <span className="pj-credential-verify__icon" aria-hidden="true">
          <Icon name={tone === 'verified' ? 'check' : tone === 'checking' ? 'search' : 'close'} size={22} />
        </span>
        <div className="pj-credential-verify__text">
          <p className="pj-credential-verify__title">{title}</p>
          {body}
        </div>
      </div>
    </section>
  );
}

/** Lines that take their place but are neither seen nor read out (the outcome's, while it is checked). */
function Reserved({ children }: { children: ReactNode }) {
  return (
    <div className="pj-credential-verify__reserved" aria-hidden="true">
      {children}
    </div>
  );
}

/** The `kid` of a JWT's header, unverified (only to reserve the line that will show it); null if none. */
function signingKeyId(jwt: string): string | null {
  try {
    const header = (jwt.split('.')[0] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const { kid } = JSON.parse(atob(header)) as { kid?: unknown };
    return typeof kid === 'string' && kid ? kid : null;
  } catch {
    return null;
  }
}
