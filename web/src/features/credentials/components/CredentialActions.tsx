import { App, Button } from 'antd';
import { Icon } from '../../../shared/ui/Icon';
import { credentialPagePath } from '../../../shared/ui/credentials.texts';
import { linkedInAddUrl, saveFile } from '../credential-links';
import type { PublicCredential } from '../credentials.api';
import { credentialPageTexts } from '../credentials.texts';

const t = credentialPageTexts.actions;

export interface CredentialActionsProps {
  record: PublicCredential;
  /** An admin may revoke an active credential here. */
  onRevoke?: () => void;
  /** Starts loading the revocation's dialog (its button's hover or focus). */
  preloadRevoke?: () => void;
}

/** Download the JSON (the `vc` the JWT signs) and the JWT, add it to LinkedIn, copy the page's link. */
export function CredentialActions({ record, onRevoke, preloadRevoke }: CredentialActionsProps) {
  const { message } = App.useApp();
  const pageUrl = `${window.location.origin}${credentialPagePath(record.id)}`;
  const base = `credential-${record.id}`;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(pageUrl);
      void message.success(t.copied);
    } catch {
      void message.info(t.copyFailed(pageUrl), 8);
    }
  };

  return (
    <div className="pj-credential-actions" role="group" aria-label={t.label}>
      <Button
        icon={<Icon name="file" size={16} />}
        aria-label={t.downloadJsonLabel}
        onClick={() => saveFile(`${base}.json`, 'application/json', `${JSON.stringify(record.credential, null, 2)}\n`)}
      >
        {t.downloadJson}
      </Button>
      <Button
        icon={<Icon name="file" size={16} />}
        aria-label={t.downloadJwtLabel}
        onClick={() => saveFile(`${base}.jwt`, 'application/jwt', record.jwt)}
      >
        {t.downloadJwt}
      </Button>
      <Button
        href={linkedInAddUrl(record.credential, record.id, pageUrl)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t.linkedInLabel}
      >
        {t.linkedIn}
      </Button>
      <Button icon={<Icon name="clipboard" size={16} />} onClick={() => void copyLink()}>
        {t.copyLink}
      </Button>
      {onRevoke && (
        <Button
          danger
          onClick={onRevoke}
          onPointerEnter={preloadRevoke}
          onFocus={preloadRevoke}
          className="pj-credential-actions__revoke"
        >
          {t.revoke}
        </Button>
      )}
    </div>
  );
}
