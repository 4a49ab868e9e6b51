import type { TableColumnsType } from 'antd';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useAdminAuditInfiniteQuery, type AdminAuditEntry } from '../admin.api';
import { adminTexts } from '../admin.texts';
import { AdminTable } from './AdminTable';

const t = adminTexts.audit;

/** "plan: free → professional; suspended: false → true" */
function describeChange(entry: AdminAuditEntry): string {
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  return keys
    .map((key) => `${key}: ${String(entry.before[key] ?? '—')} → ${String(entry.after[key] ?? '—')}`)
    .join('; ');
}

const columns: TableColumnsType<AdminAuditEntry> = [
  { title: t.at, key: 'at', render: (_, row) => formatDateTime(row.at) },
  { title: t.actor, key: 'actor', render: (_, row) => row.actor.email ?? row.actor.id },
  { title: t.action, key: 'action', render: (_, row) => t.actions[row.action] ?? row.action },
  {
    title: t.target,
    key: 'target',
    // A dead letter's id says where it failed (messaging:event:12); a user's or project's is a UUID.
    render: (_, row) =>
      `${row.target.type} ${row.target.type === 'dead_letter' ? row.target.id : row.target.id.slice(0, 8)}`,
  },
  { title: t.change, key: 'change', render: (_, row) => describeChange(row) },
  { title: t.reason, key: 'reason', render: (_, row) => row.reason ?? '' },
];

/** Every admin change, newest first: who, what, before and after, why. */
export function AuditTab() {
  const result = useAdminAuditInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <AdminTable<AdminAuditEntry> label={adminTexts.tabs.audit} result={result} columns={columns} emptyText={t.empty} />
  );
}
