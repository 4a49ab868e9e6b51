import type { TableColumnsType } from 'antd';
import { useAdminAuditInfiniteQuery, type AdminAuditEntry } from '../admin.api';
import { adminTexts } from '../admin.texts';
import { AdminTable } from './AdminTable';

const t = adminTexts.audit;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "plan: free → professional; suspended: false → true" */
function describeChange(entry: AdminAuditEntry): string {
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  return keys
    .map((key) => `${key}: ${String(entry.before[key] ?? '—')} → ${String(entry.after[key] ?? '—')}`)
    .join('; ');
}

const columns: TableColumnsType<AdminAuditEntry> = [
  { title: t.at, key: 'at', render: (_, row) => dateTime.format(new Date(row.at)) },
  { title: t.actor, key: 'actor', render: (_, row) => row.actor.email ?? row.actor.id },
  { title: t.action, key: 'action', render: (_, row) => t.actions[row.action] ?? row.action },
  { title: t.target, key: 'target', render: (_, row) => `${row.target.type} ${row.target.id.slice(0, 8)}` },
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
