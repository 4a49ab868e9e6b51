import { App, Button, Segmented, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { REPORT_NOTE_MAX } from '@projectory/contracts/values';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { formatDate } from '../../../shared/lib/format-date';
import { palette } from '../../../shared/theme';
import {
  useAdminVerificationRequestsInfiniteQuery,
  useDecideVerificationMutation,
  type AdminVerificationArgs,
  type AdminVerificationRequest,
} from '../admin.api';
import { adminTexts } from '../admin.texts';
import { personName } from '../people';
import { AdminTable } from './AdminTable';
import { ReasonDialog } from './ReasonDialog';

const t = adminTexts.verification;
type Decision = 'registered' | 'none';

const rowKey = (row: AdminVerificationRequest) => `${row.employer.id}:${row.method}:${row.requestedAt}`;

/**
 * Verification (API.md "Trust and safety"): employers' registration numbers waiting for a check. Mark
 * registered or reject (level none), with a note.
 */
export function VerificationTab() {
  const [status, setStatus] = useState<AdminVerificationArgs['status']>('pending');
  const result = useAdminVerificationRequestsInfiniteQuery({ status }, { refetchOnMountOrArgChange: true });
  const [decide, { isLoading: saving }] = useDecideVerificationMutation();
  const { notification } = App.useApp();
  const [target, setTarget] = useState<{ request: AdminVerificationRequest; level: Decision }>();
  const [error, setError] = useState<string>();

  const submit = async (note: string) => {
    if (!target) return;
    const name = personName(target.request.employer);
    try {
      await decide({ employerId: target.request.employer.id, level: target.level, note }).unwrap();
      notification.success({
        title: adminTexts.users.changed,
        description: target.level === 'registered' ? t.approved(name) : t.rejected(name),
      });
      setTarget(undefined);
    } catch (failure) {
      setError(failureMessage(toApiFailure(failure)));
    }
  };

  const open = (request: AdminVerificationRequest, level: Decision) => {
    setError(undefined);
    setTarget({ request, level });
  };

  const columns: TableColumnsType<AdminVerificationRequest> = [
    {
      title: t.employer,
      key: 'employer',
      render: (_, row) => (
        <>
          <strong>{personName(row.employer)}</strong>
          <div className="pj-admin-muted">{row.employer.email}</div>
        </>
      ),
    },
    { title: t.company, key: 'company', render: (_, row) => row.employer.company ?? '' },
    {
      title: t.website,
      key: 'website',
      render: (_, row) =>
        row.employer.website ? (
          <a href={row.employer.website} target="_blank" rel="noopener noreferrer nofollow">
            {row.employer.website}
          </a>
        ) : (
          ''
        ),
    },
    { title: t.method, key: 'method', render: (_, row) => t.methods[row.method] ?? row.method },
    { title: t.registration, key: 'registration', render: (_, row) => row.registrationNumber ?? '' },
    { title: t.country, key: 'country', render: (_, row) => row.country ?? '' },
    {
      title: t.level,
      key: 'level',
      render: (_, row) => (
        <Tag color={row.level === 'none' ? undefined : palette.success}>{t.levels[row.level] ?? row.level}</Tag>
      ),
    },
    { title: t.requested, key: 'requestedAt', render: (_, row) => formatDate(row.requestedAt) },
    {
      title: t.actions,
      key: 'actions',
      render: (_, row) =>
        row.decidedAt ? (
          <span className="pj-admin-muted">{t.decided(formatDate(row.decidedAt))}</span>
        ) : row.method === 'registration' ? (
          <div className="pj-admin-report__actions">
            <Button
              size="small"
              type="primary"
              aria-label={t.approveLabel(personName(row.employer))}
              onClick={() => open(row, 'registered')}
            >
              {t.approve}
            </Button>
            <Button
              size="small"
              danger
              aria-label={t.rejectLabel(personName(row.employer))}
              onClick={() => open(row, 'none')}
            >
              {t.reject}
            </Button>
          </div>
        ) : null,
    },
  ];

  const name = target ? personName(target.request.employer) : '';
  return (
    <>
      <AdminTable<AdminVerificationRequest>
        label={adminTexts.tabs.verification}
        result={result}
        columns={columns}
        rowKey={rowKey}
        emptyText={t.empty}
        filters={
          <Segmented<AdminVerificationArgs['status']>
            aria-label={t.statusFilter}
            value={status}
            onChange={setStatus}
            options={[
              { value: 'pending', label: t.showPending },
              { value: 'all', label: t.showAll },
            ]}
          />
        }
      />
      <ReasonDialog
        open={target !== undefined}
        title={target ? (target.level === 'registered' ? t.approveTitle(name) : t.rejectTitle(name)) : ''}
        detail={target?.level === 'registered' ? t.approveDetail : t.rejectDetail}
        okLabel={target?.level === 'registered' ? t.approve : t.reject}
        danger={target?.level === 'none'}
        busy={saving}
        error={error}
        texts={adminTexts.note}
        max={REPORT_NOTE_MAX}
        onSubmit={(note) => void submit(note)}
        onCancel={() => setTarget(undefined)}
      />
    </>
  );
}
