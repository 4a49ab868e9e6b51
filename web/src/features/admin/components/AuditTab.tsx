import type { TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useAdminAuditInfiniteQuery, type AdminAuditEntry } from '../admin.api';
import { adminTexts } from '../admin.texts';
import { auditActionLabel, auditTarget, describeChange } from '../audit';
import { AdminTable } from './AdminTable';

const t = adminTexts.audit;

const columns: TableColumnsType<AdminAuditEntry> = [
  { title: t.at, key: 'at', render: (_, row) => formatDateTime(row.at) },
  // An admin, or the project's employer for a credential's revocation: the address they had then.
  { title: t.actor, key: 'actor', render: (_, row) => row.actor.email ?? row.actor.id },
  { title: t.action, key: 'action', render: (_, row) => auditActionLabel(row) },
  {
    title: t.target,
    key: 'target',
    render: (_, row) => {
      const { text, href } = auditTarget(row);
      return href ? <Link to={href}>{text}</Link> : text;
    },
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
