import { App, Button, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { plans } from '@projectory/contracts/values';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { formatDate } from '../../../shared/lib/format-date';
import {
  useAdminUsersInfiniteQuery,
  useUpdateAdminUserMutation,
  type AdminUser,
  type AdminUsersArgs,
  type UpdateAdminUserBody,
} from '../admin.api';
import { adminTexts } from '../admin.texts';
import { personName, planLabel, roleLabel } from '../people';
import { useAdminFailure } from '../use-admin-failure';
import { useSearch } from '../use-search';
import { AdminTable } from './AdminTable';
import { ReasonDialog } from './ReasonDialog';
import { palette } from '../../../shared/theme';

const t = adminTexts.users;
const ROLES: AdminUser['role'][] = ['student', 'employer', 'admin'];

/**
 * User Data: find people; change their plan or role (confirmed), suspend or unsuspend them with a reason.
 * What an admin may not do to themself (suspend, demote) is refused by the server, in its own words.
 */
export function UsersTab() {
  const search = useSearch();
  const [role, setRole] = useState<AdminUsersArgs['role']>('');
  const [status, setStatus] = useState<AdminUsersArgs['status']>('');
  const result = useAdminUsersInfiniteQuery({ q: search.q, role, status }, { refetchOnMountOrArgChange: true });
  const [update, { isLoading: saving }] = useUpdateAdminUserMutation();
  const { modal, notification } = App.useApp();
  const showFailure = useAdminFailure();
  const [suspending, setSuspending] = useState<AdminUser>();
  const [suspendError, setSuspendError] = useState<string>();

  const change = async (user: AdminUser, changes: UpdateAdminUserBody, done: string) => {
    try {
      await update({ id: user.id, changes }).unwrap();
      notification.success({ title: t.changed, description: done });
      return true;
    } catch (error) {
      showFailure(t.failed, error);
      return false;
    }
  };

  const confirmPlan = (user: AdminUser, plan: AdminUser['plan']) => {
    const name = personName(user);
    void modal.confirm({
      title: t.confirmPlan(name, planLabel(plan)),
      content: t.confirmPlanDetail,
      okText: t.confirm,
      cancelText: t.cancel,
      onOk: () => change(user, { plan }, t.planChanged(name, planLabel(plan))),
    });
  };

  const confirmRole = (user: AdminUser, next: AdminUser['role']) => {
    const name = personName(user);
    void modal.confirm({
      title: t.confirmRole(name, roleLabel(next).toLowerCase()),
      content: t.confirmRoleDetail,
      okText: t.confirm,
      cancelText: t.cancel,
      onOk: () => change(user, { role: next }, t.roleChanged(name, roleLabel(next).toLowerCase())),
    });
  };

  const submitSuspension = async (reason: string) => {
    if (!suspending) return;
    const name = personName(suspending);
    const suspended = !suspending.suspended;
    try {
      await update({ id: suspending.id, changes: { suspended, reason } }).unwrap();
      notification.success({
        title: t.changed,
        description: suspended ? t.suspendedDone(name) : t.unsuspendedDone(name),
      });
      setSuspending(undefined);
    } catch (error) {
      setSuspendError(failureMessage(toApiFailure(error)));
    }
  };

  const columns: TableColumnsType<AdminUser> = [
    { title: t.name, key: 'name', render: (_, user) => <strong>{personName(user)}</strong> },
    { title: t.email, dataIndex: 'email', key: 'email' },
    {
      title: t.role,
      key: 'role',
      render: (_, user) => (
        <Select
          size="small"
          value={user.role}
          aria-label={t.roleSelect(personName(user))}
          options={ROLES.map((value) => ({ value, label: roleLabel(value) }))}
          onChange={(next) => confirmRole(user, next)}
          popupMatchSelectWidth={false}
          className="pj-admin-select"
        />
      ),
    },
    {
      title: t.plan,
      key: 'plan',
      render: (_, user) => (
        <Select
          size="small"
          value={user.plan}
          aria-label={t.planSelect(personName(user))}
          options={plans.map((value) => ({ value, label: planLabel(value) }))}
          onChange={(next) => confirmPlan(user, next)}
          popupMatchSelectWidth={false}
          className="pj-admin-select"
        />
      ),
    },
    {
      title: t.status,
      key: 'status',
      render: (_, user) =>
        user.suspended ? (
          <Tag color={palette.danger}>{t.suspended}</Tag>
        ) : (
          <Tag color={palette.success}>{t.active}</Tag>
        ),
    },
    {
      title: t.assessment,
      key: 'assessment',
      render: (_, user) => (user.hasAssessment ? t.yes : t.no),
    },
    { title: t.joined, key: 'createdAt', render: (_, user) => formatDate(user.createdAt) },
    {
      title: t.actions,
      key: 'actions',
      render: (_, user) => (
        <Button
          size="small"
          danger={!user.suspended}
          aria-label={user.suspended ? t.unsuspendLabel(personName(user)) : t.suspendLabel(personName(user))}
          onClick={() => {
            setSuspendError(undefined);
            setSuspending(user);
          }}
        >
          {user.suspended ? t.unsuspend : t.suspend}
        </Button>
      ),
    },
  ];

  return (
    <>
      <AdminTable<AdminUser>
        label={adminTexts.tabs.users}
        result={result}
        columns={columns}
        query={search.q}
        search={{ what: t.searchWhat, text: search.text, onChange: search.setText }}
        filters={
          <>
            <Select
              value={role}
              onChange={setRole}
              aria-label={t.roleFilter}
              className="pj-admin-filter"
              options={[
                { value: '', label: t.allRoles },
                ...ROLES.map((value) => ({ value, label: roleLabel(value) })),
              ]}
            />
            <Select
              value={status}
              onChange={setStatus}
              aria-label={t.statusFilter}
              className="pj-admin-filter"
              options={[
                { value: '', label: t.allStatuses },
                { value: 'active', label: t.active },
                { value: 'suspended', label: t.suspended },
              ]}
            />
          </>
        }
      />
      <ReasonDialog
        open={suspending !== undefined}
        title={
          suspending
            ? suspending.suspended
              ? t.unsuspendTitle(personName(suspending))
              : t.suspendTitle(personName(suspending))
            : ''
        }
        detail={suspending?.suspended ? t.unsuspendDetail : t.suspendDetail}
        okLabel={suspending?.suspended ? t.unsuspend : t.suspend}
        danger={!suspending?.suspended}
        busy={saving}
        error={suspendError}
        onSubmit={(reason) => void submitSuspension(reason)}
        onCancel={() => setSuspending(undefined)}
      />
    </>
  );
}
