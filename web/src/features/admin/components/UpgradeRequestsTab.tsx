import { App, Button, Segmented, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../../shared/lib/format-date';
import {
  useAdminUpgradeRequestsInfiniteQuery,
  useUpdateAdminUserMutation,
  type UpgradeRequest,
  type UpgradeRequestsArgs,
} from '../admin.api';
import { adminTexts } from '../admin.texts';
import { personName, planLabel } from '../people';
import { useAdminFailure } from '../use-admin-failure';
import { AdminTable } from './AdminTable';
import { palette } from '../../../shared/theme';

const t = adminTexts.requests;

/** Upgrade requests from /plans; Grant changes the user's plan (payment is out of scope), which closes the request. */
export function UpgradeRequestsTab() {
  const [status, setStatus] = useState<UpgradeRequestsArgs['status']>('open');
  const result = useAdminUpgradeRequestsInfiniteQuery({ status }, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateAdminUserMutation();
  const { modal, notification } = App.useApp();
  const showFailure = useAdminFailure();

  const grant = (request: UpgradeRequest) => {
    const name = personName(request.user);
    const plan = planLabel(request.plan);
    void modal.confirm({
      title: t.confirmGrant(name, plan),
      content: adminTexts.users.confirmPlanDetail,
      okText: t.grant,
      cancelText: adminTexts.users.cancel,
      onOk: async () => {
        try {
          await update({ id: request.user.id, changes: { plan: request.plan } }).unwrap();
          notification.success({ title: adminTexts.users.changed, description: t.granted_(name, plan) });
        } catch (error) {
          showFailure(t.failed, error);
        }
      },
    });
  };

  const columns: TableColumnsType<UpgradeRequest> = [
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
    { title: t.current, key: 'current', render: (_, row) => planLabel(row.user.plan) },
    { title: t.plan, key: 'plan', render: (_, row) => <Tag color={palette.info}>{planLabel(row.plan)}</Tag> },
    { title: t.message, key: 'message', render: (_, row) => row.message ?? '' },
    {
      title: t.status,
      key: 'status',
      render: (_, row) =>
        row.status === 'open' ? <Tag color={palette.warning}>{t.open}</Tag> : <Tag>{t.granted}</Tag>,
    },
    { title: t.created, key: 'createdAt', render: (_, row) => formatDate(row.createdAt) },
    {
      title: t.actions,
      key: 'actions',
      render: (_, row) =>
        row.status === 'open' ? (
          <Button
            size="small"
            type="primary"
            aria-label={t.grantLabel(personName(row.user), planLabel(row.plan))}
            onClick={() => grant(row)}
          >
            {t.grant}
          </Button>
        ) : null,
    },
  ];

  return (
    <AdminTable<UpgradeRequest>
      label={adminTexts.tabs.requests}
      result={result}
      columns={columns}
      emptyText={t.empty}
      filters={
        <Segmented<UpgradeRequestsArgs['status']>
          aria-label={t.statusFilter}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'open', label: t.showOpen },
            { value: 'granted', label: t.showGranted },
          ]}
        />
      }
    />
  );
}
