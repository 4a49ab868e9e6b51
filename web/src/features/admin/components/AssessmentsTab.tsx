import { Tag, type TableColumnsType } from 'antd';
import { formatDate } from '../../../shared/lib/format-date';
import { useAdminAssessmentsInfiniteQuery, type AdminAssessment } from '../admin.api';
import { adminTexts } from '../admin.texts';
import { personName, roleLabel } from '../people';
import { useSearch } from '../use-search';
import { AdminTable } from './AdminTable';
import { palette } from '../../../shared/theme';

const t = adminTexts.assessments;

const columns: TableColumnsType<AdminAssessment> = [
  {
    title: t.user,
    key: 'user',
    render: (_, row) => (
      <>
        <strong>{personName(row.user)}</strong>
        {row.user.email && <div className="pj-admin-muted">{row.user.email}</div>}
      </>
    ),
  },
  { title: t.role, key: 'role', render: (_, row) => roleLabel(row.user.role) },
  {
    title: t.workingStyle,
    key: 'workingStyle',
    render: (_, row) => (
      <ul className="pj-admin-tags">
        {Object.entries(row.workingStyle).map(([dimension, percent]) => (
          <li key={dimension}>
            <Tag>{`${dimension} ${percent}%`}</Tag>
          </li>
        ))}
      </ul>
    ),
  },
  {
    title: t.values,
    key: 'values',
    render: (_, row) => (
      <ul className="pj-admin-tags">
        {row.valuesAlignment.map((value) => (
          <li key={value}>
            <Tag color={palette.accentStrong}>{value}</Tag>
          </li>
        ))}
      </ul>
    ),
  },
  { title: t.completed, key: 'completedAt', render: (_, row) => formatDate(row.completedAt) },
];

/** Assessment Results: every completed culture assessment with its profile. */
export function AssessmentsTab() {
  const search = useSearch();
  const result = useAdminAssessmentsInfiniteQuery({ q: search.q }, { refetchOnMountOrArgChange: true });
  return (
    <AdminTable<AdminAssessment>
      label={adminTexts.tabs.assessments}
      result={result}
      columns={columns}
      query={search.q}
      search={{ what: t.searchWhat, text: search.text, onChange: search.setText }}
    />
  );
}
