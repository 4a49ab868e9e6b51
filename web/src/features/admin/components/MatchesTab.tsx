import { Tag, type TableColumnsType } from 'antd';
import { formatDate } from '../../../shared/lib/format-date';
import { useAdminMatchesInfiniteQuery, type AdminMatch } from '../admin.api';
import { adminTexts } from '../admin.texts';
import { personName } from '../people';
import { useSearch } from '../use-search';
import { AdminTable } from './AdminTable';

const t = adminTexts.matches;

const columns: TableColumnsType<AdminMatch> = [
  { title: t.student, key: 'student', render: (_, row) => <strong>{personName(row.student)}</strong> },
  { title: t.project, key: 'project', render: (_, row) => row.project.title ?? adminTexts.unknown },
  { title: t.employer, key: 'employer', render: (_, row) => personName(row.project.employer) },
  {
    title: t.score,
    key: 'score',
    align: 'right',
    render: (_, row) => (row.compatibilityScore === null ? t.noScore : `${row.compatibilityScore}%`),
  },
  { title: t.status, key: 'status', render: (_, row) => <Tag>{row.status}</Tag> },
  { title: t.created, key: 'createdAt', render: (_, row) => formatDate(row.createdAt) },
];

/** AI Matches: every application with its compatibility score and status. */
export function MatchesTab() {
  const search = useSearch();
  const result = useAdminMatchesInfiniteQuery({ q: search.q }, { refetchOnMountOrArgChange: true });
  return (
    <AdminTable<AdminMatch>
      label={adminTexts.tabs.matches}
      result={result}
      columns={columns}
      query={search.q}
      search={{ what: t.searchWhat, text: search.text, onChange: search.setText }}
    />
  );
}
