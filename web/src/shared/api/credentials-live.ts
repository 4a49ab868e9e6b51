import { CredentialNotificationKind, credentialPath } from '@projectory/contracts/values';
import { credentialTag, MY_CREDENTIALS_TAG } from '../../api/tags';

const KINDS: ReadonlySet<string> = new Set(Object.values(CredentialNotificationKind));
const PATH = new RegExp(`^${credentialPath('([^/?#]+)')}$`);

/**
 * What a pushed notification makes stale of the student's credentials: a `credential.issued` or
 * `credential.revoked` (the credentials service tells the student, linking to `/credentials/:id`)
 * changes their collection and that credential's public record; any other notification, nothing.
 */
export function credentialTagsOf(pushed: { kind: string; link?: string }) {
  if (!KINDS.has(pushed.kind)) return [];
  const id = pushed.link?.match(PATH)?.[1];
  return [MY_CREDENTIALS_TAG, ...(id ? [credentialTag(decodeURIComponent(id))] : [])];
}
