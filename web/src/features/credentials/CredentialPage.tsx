import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { toApiFailure } from '../../api/api-error';
import { useAppSelector } from '../../app/hooks';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { selectCurrentUser } from '../../shared/session';
import { LoadingState } from '../../shared/ui/LoadingState';
import { QueryError } from '../../shared/ui/LoadError';
import { lazyPart } from '../../shared/lib/lazy-part';
import { PublicHeader } from '../../shared/ui/PublicHeader';
import { CredentialActions } from './components/CredentialActions';
import { CredentialDetails } from './components/CredentialDetails';
import { VerificationPanel } from './components/VerificationPanel';
import { useGetCredentialQuery, type PublicCredential } from './credentials.api';
import { credentialPageTexts as t } from './credentials.texts';
import './credentials.css';

/** Rarely seen (no such credential): it loads when needed. */
const MissingCard = lazyPart(
  () => import('../../shared/ui/MissingCard').then((m) => m.MissingCard),
  <LoadingState label={t.loading} />,
);

/** Only an admin's click opens it: it, and antd's form and modal, load then (on hover or focus already). */
const RevokeCredentialDialog = lazyPart(() =>
  import('../../shared/ui/RevokeCredentialDialog').then((m) => m.RevokeCredentialDialog),
);

/**
 * /credentials/:id: a credential anyone may check, signed in or not (API.md "Credentials"): the
 * achievement, the employer and the issuer, the date, the evidence, the skills and the recommendation;
 * Verified once the browser itself checked the signature against the issuer's published keys, or
 * Revoked with its reason; the JSON and the JWT to download, LinkedIn's "Add to profile", the link.
 *
 * Inside SessionLayout: a signed-in reader sees it in the app's shell (admins may revoke it here), a
 * visitor on its own page under the public header. It reads the session from the cache rather than
 * subscribing again (see CareerRecommendationsPage).
 */
export function CredentialPage() {
  const { id = '' } = useParams();
  const user = useAppSelector(selectCurrentUser).data;
  const query = useGetCredentialQuery(id);
  const { data: record, error, isLoading } = query;
  useDocumentTitle(record ? t.documentTitle(record.credential.name) : t.fallbackTitle);
  const failure = error ? toApiFailure(error) : undefined;

  let body;
  if (isLoading) {
    body = <LoadingState label={t.loading} />;
  } else if (!record && (failure?.status === 404 || failure?.status === 400)) {
    body = <MissingCard title={t.notFound.title} body={t.notFound.body} to="/" action={t.notFound.action} />;
  } else if (!record) {
    body = <QueryError title={t.loadError} query={query} retryLabel={t.retry} />;
  } else {
    body = <Credential record={record} canRevoke={user?.role === 'admin'} />;
  }

  if (user) return <div className="pj-credential">{body}</div>;
  return <PublicFrame>{body}</PublicFrame>;
}

/** A visitor's page: the public pages' header (back to the landing page), the page in `main`. */
function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="pj-page pj-credential-public">
      <PublicHeader backLabel={t.backHome} className="pj-credential-public__header" />
      <main className="pj-credential pj-credential-public__main">{children}</main>
    </div>
  );
}

function Credential({ record, canRevoke }: { record: PublicCredential; canRevoke: boolean }) {
  const [revoking, setRevoking] = useState(false);
  const { credential } = record;
  const { achievement } = credential.credentialSubject;
  const company = achievement.creator.name || t.someEmployer;
  return (
    <>
      <header className="pj-page-header pj-credential__header">
        <p className="pj-credential__kind">{achievement.achievementType}</p>
        <h1 className="pj-page-header__title">{achievement.name}</h1>
        <p className="pj-page-header__lead">{t.lead(achievement.achievementType, company)}</p>
      </header>
      <VerificationPanel record={record} />
      <CredentialActions
        record={record}
        onRevoke={canRevoke && record.status === 'active' ? () => setRevoking(true) : undefined}
        preloadRevoke={RevokeCredentialDialog.preload}
      />
      <CredentialDetails record={record} />
      {revoking && (
        <RevokeCredentialDialog
          credential={{ id: record.id, title: achievement.name }}
          onClose={() => setRevoking(false)}
        />
      )}
    </>
  );
}
