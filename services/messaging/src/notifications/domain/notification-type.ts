/**
 * The inbox type (API.md: `application.received`, `application.status_changed`, …) of a notification's
 * `kind` as its producer sends it. Matching names its notifications after the match's status; every
 * other kind already is an inbox type and is kept as it is.
 */
export function notificationType(kind: string): string {
  if (kind === 'match.created') return 'application.received';
  if (kind.startsWith('match.')) return 'application.status_changed';
  return kind;
}
