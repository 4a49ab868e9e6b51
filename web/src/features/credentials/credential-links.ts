import type { OpenBadgeCredential } from '@projectory/contracts';

/** Two JSON values are equal whatever the order of their objects' keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/**
 * LinkedIn's "Add to profile" link for a certification, filled in: the achievement's name, the
 * organisation (the employer whose project it was, else the issuer), the issue year and month (UTC), the
 * public page and the credential's id.
 */
export function linkedInAddUrl(credential: OpenBadgeCredential, credentialId: string, pageUrl: string): string {
  const { achievement } = credential.credentialSubject;
  const issued = new Date(credential.validFrom);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: achievement.name,
    organizationName: achievement.creator.name || credential.issuer.name,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: pageUrl,
    certId: credentialId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** Hands the browser a file to save (the credential's JSON, its JWT). */
export function saveFile(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
