import { App, Button, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { exchangeTypeLabels } from '@projectory/contracts/values';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { formatDate } from '../../../shared/lib/format-date';
import { useAdminProjectsInfiniteQuery, useModerateProjectMutation, type AdminProject } from '../admin.api';
import { adminTexts } from '../admin.texts';
import { personName } from '../people';
import { useSearch } from '../use-search';
import { AdminTable } from './AdminTable';
import { ReasonDialog } from './ReasonDialog';
import { palette } from '../../../shared/theme';

const t = adminTexts.projects;

function statusTag(project: AdminProject) {
  if (project.archived) return <Tag>{t.archived}</Tag>;
  return project.isActive ? (
    <Tag color={palette.success}>{t.active}</Tag>
  ) : (
    <Tag color={palette.attention}>{t.inactive}</Tag>
  );
}

/** Projects: every employer's projects; deactivate or reactivate one (moderation) with a reason. */
export function ProjectsTab() {
  const search = useSearch();
  const result = useAdminProjectsInfiniteQuery({ q: search.q }, { refetchOnMountOrArgChange: true });
  const [moderate, { isLoading: saving }] = useModerateProjectMutation();
  const { notification } = App.useApp();
  const [target, setTarget] = useState<AdminProject>();
  const [error, setError] = useState<string>();

  const submit = async (reason: string) => {
    if (!target) return;
    const isActive = !target.isActive;
    try {
      await moderate({ id: target.id, isActive, reason }).unwrap();
      notification.success({
        title: adminTexts.users.changed,
        description: isActive ? t.reactivated(target.title) : t.deactivated(target.title),
      });
      setTarget(undefined);
    } catch (failure) {
      setError(failureMessage(toApiFailure(failure)));
    }
  };

  const columns: TableColumnsType<AdminProject> = [
    { title: t.title, dataIndex: 'title', key: 'title', render: (title: string) => <strong>{title}</strong> },
    { title: t.employer, key: 'employer', render: (_, row) => personName(row.employer) },
    {
      title: t.exchange,
      key: 'exchange',
      render: (_, row) => exchangeTypeLabels[row.exchangeType] ?? row.exchangeType,
    },
    { title: t.status, key: 'status', render: (_, row) => statusTag(row) },
    { title: t.created, key: 'createdAt', render: (_, row) => formatDate(row.createdAt) },
    {
      title: t.actions,
      key: 'actions',
      render: (_, row) =>
        row.archived ? null : (
          <Button
            size="small"
            danger={row.isActive}
            aria-label={row.isActive ? t.deactivateLabel(row.title) : t.reactivateLabel(row.title)}
            onClick={() => {
              setError(undefined);
              setTarget(row);
            }}
          >
            {row.isActive ? t.deactivate : t.reactivate}
          </Button>
        ),
    },
  ];

  return (
    <>
      <AdminTable<AdminProject>
        label={adminTexts.tabs.projects}
        result={result}
        columns={columns}
        query={search.q}
        search={{ what: t.searchWhat, text: search.text, onChange: search.setText }}
      />
      <ReasonDialog
        open={target !== undefined}
        title={target ? (target.isActive ? t.deactivateTitle(target.title) : t.reactivateTitle(target.title)) : ''}
        detail={target?.isActive ? t.deactivateDetail : t.reactivateDetail}
        okLabel={target?.isActive ? t.deactivate : t.reactivate}
        danger={target?.isActive}
        busy={saving}
        error={error}
        onSubmit={(reason) => void submit(reason)}
        onCancel={() => setTarget(undefined)}
      />
    </>
  );
}
