/**
 * Domain verification (API.md "Trust and safety"): an address proves the company when its domain is the
 * host of the employer's website or a parent domain of it (host `www.acme.example` accepts
 * `x@acme.example` and `x@www.acme.example`, not `x@example` nor `x@other.example`). A domain of one label
 * (a public suffix such as `example` or `com`) never proves anything.
 */
export function emailMatchesWebsite(email: string, website: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  let host: string;
  try {
    host = new URL(website).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  const labels = domain.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return false;
  return host === domain || host.endsWith(`.${domain}`);
}
