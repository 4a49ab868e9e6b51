import type { AdminAuditEntry } from '@projectory/contracts';
import { credentialPagePath } from '../../shared/ui/credentials.texts';
import { adminTexts } from './admin.texts';

const t = adminTexts.audit;

/** The action's label ("Revoked a credential"), else its wire value. */
export const auditActionLabel = (entry: Pick<AdminAuditEntry, 'action'>): string =>
  t.actions[entry.action] ?? entry.action;

/**
 * What the target column shows: "user 1a2b3c4d" (a UUID, shortened), a dead letter's whole id (it says
 * where it failed: messaging:event:12), and for a credential a link to its public page.
 */
export function auditTarget(entry: Pick<AdminAuditEntry, 'target'>): { text: string; href: string | null } {
  const { type, id } = entry.target;
  const label = t.targets[type] ?? type;
  if (type === 'dead_letter') return { text: `${label} ${id}`, href: null };
  return { text: `${label} ${id.slice(0, 8)}`, href: type === 'credential' ? credentialPagePath(id) : null };
}

/** "plan: free → professional; suspended: false → true" */
export function describeChange(entry: Pick<AdminAuditEntry, 'before' | 'after'>): string {
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  return keys
    .map((key) => `${key}: ${String(entry.before[key] ?? '—')} → ${String(entry.after[key] ?? '—')}`)
    .join('; ');
}
