import type { TableColumnsType } from 'antd';
import { useAdminSkillsInfiniteQuery, type AdminSkills } from '../admin.api';
import { adminTexts } from '../admin.texts';
import { useSearch } from '../use-search';
import { AdminTable } from './AdminTable';

const t = adminTexts.skills;
type Skill = AdminSkills['items'][number];

const columns: TableColumnsType<Skill> = [
  { title: t.name, dataIndex: 'name', key: 'name', render: (name: string) => <strong>{name}</strong> },
  { title: t.category, dataIndex: 'category', key: 'category' },
  { title: t.users, dataIndex: 'users', key: 'users', align: 'right' },
];

/** Skills System: the catalog with how many people list each skill, in category order. */
export function SkillsTab() {
  const search = useSearch();
  const result = useAdminSkillsInfiniteQuery({ q: search.q }, { refetchOnMountOrArgChange: true });
  return (
    <AdminTable<Skill>
      label={adminTexts.tabs.skills}
      result={result}
      columns={columns}
      query={search.q}
      search={{ what: t.searchWhat, text: search.text, onChange: search.setText }}
    />
  );
}
