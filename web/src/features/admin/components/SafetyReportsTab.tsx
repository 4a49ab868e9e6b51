import { App, Button, Segmented, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { REPORT_NOTE_MAX, reportReasonLabels, type ReportAction } from '@projectory/contracts/values';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { formatDate } from '../../../shared/lib/format-date';
import { palette } from '../../../shared/theme';
import {
  useAdminSafetyReportsInfiniteQuery,
  useResolveSafetyReportMutation,
  type AdminSafetyReport,
  type AdminSafetyReportsArgs,
} from '../admin.api';
import { adminTexts } from '../admin.texts';
import { personName } from '../people';
import { AdminTable } from './AdminTable';
import { ReasonDialog } from './ReasonDialog';

const t = adminTexts.reports;
const ACTIONS: ReportAction[] = ['dismiss', 'warn', 'unpublish', 'suspend'];
const actionLabel = (action: string) => t.actionLabels[action] ?? action;

/**
 * Reports (API.md "Trust and safety"): users' reports and auto-flags, with what was reported as it was
 * then, and the reporter's other reports. Each open one is resolved with a note: dismiss, warn,
 * unpublish (a project) or suspend the reported user.
 */
export function SafetyReportsTab() {
  const [status, setStatus] = useState<AdminSafetyReportsArgs['status']>('open');
  const result = useAdminSafetyReportsInfiniteQuery({ status }, { refetchOnMountOrArgChange: true });
  const [resolve, { isLoading: saving }] = useResolveSafetyReportMutation();
  const { notification } = App.useApp();
  const [target, setTarget] = useState<{ report: AdminSafetyReport; action: ReportAction }>();
  const [error, setError] = useState<string>();

  const submit = async (note: string) => {
    if (!target) return;
    try {
      await resolve({ id: target.report.id, action: target.action, note }).unwrap();
      notification.success({ title: adminTexts.users.changed, description: t.done(actionLabel(target.action)) });
      setTarget(undefined);
    } catch (failure) {
      setError(failureMessage(toApiFailure(failure)));
    }
  };

  const columns: TableColumnsType<AdminSafetyReport> = [
    {
      title: t.source,
      key: 'source',
      render: (_, row) => (
        <>
          <Tag color={row.source === 'auto' ? palette.warning : palette.info}>
            {t.sources[row.source] ?? row.source}
          </Tag>
          {row.reporter && <div className="pj-admin-muted">{t.reporter(personName(row.reporter))}</div>}
          {row.flags.length > 0 && <div className="pj-admin-muted">{t.flagged(row.flags.join(', '))}</div>}
        </>
      ),
    },
    {
      title: t.reason,
      key: 'reason',
      render: (_, row) => (
        <>
          <strong>{reportReasonLabels[row.reason] ?? row.reason}</strong>
          {row.details && <div className="pj-admin-report__text">{row.details}</div>}
        </>
      ),
    },
    { title: t.reported, key: 'reported', render: (_, row) => personName(row.reportedUser) },
    {
      title: t.content,
      key: 'content',
      render: (_, row) => (
        <>
          <div className="pj-admin-muted">{t.targets[row.targetType] ?? row.targetType}</div>
          {row.snapshot.title && <strong>{row.snapshot.title}</strong>}
          <div className="pj-admin-report__text">{row.snapshot.text ?? (row.snapshot.title ? '' : t.noText)}</div>
        </>
      ),
    },
    {
      title: t.otherReports,
      key: 'others',
      render: (_, row) => (row.reporter ? t.otherCount(row.reporterOtherReports.length) : t.noText),
    },
    { title: t.created, key: 'createdAt', render: (_, row) => formatDate(row.createdAt) },
    {
      title: status === 'open' ? t.actions : t.resolution,
      key: 'actions',
      render: (_, row) =>
        row.resolution ? (
          <>
            <Tag>{actionLabel(row.resolution.action)}</Tag>
            <div className="pj-admin-muted">
              {t.resolvedAs(
                actionLabel(row.resolution.action),
                `${row.resolution.by.firstName} ${row.resolution.by.lastName}`.trim(),
                formatDate(row.resolution.at),
              )}
            </div>
            <div className="pj-admin-report__text">{row.resolution.note}</div>
          </>
        ) : (
          <div className="pj-admin-report__actions">
            {ACTIONS.filter((action) => action !== 'unpublish' || row.targetType === 'project').map((action) => (
              <Button
                key={action}
                size="small"
                danger={action === 'suspend' || action === 'unpublish'}
                aria-label={t.actionAria(actionLabel(action), personName(row.reportedUser))}
                onClick={() => {
                  setError(undefined);
                  setTarget({ report: row, action });
                }}
              >
                {actionLabel(action)}
              </Button>
            ))}
          </div>
        ),
    },
  ];

  const name = target ? personName(target.report.reportedUser) : '';
  return (
    <>
      <AdminTable<AdminSafetyReport>
        label={adminTexts.tabs.reports}
        result={result}
        columns={columns}
        emptyText={t.empty}
        filters={
          <Segmented<AdminSafetyReportsArgs['status']>
            aria-label={t.statusFilter}
            value={status}
            onChange={setStatus}
            options={[
              { value: 'open', label: t.showOpen },
              { value: 'resolved', label: t.showResolved },
            ]}
          />
        }
      />
      <ReasonDialog
        open={target !== undefined}
        title={target ? t.confirmTitle(actionLabel(target.action), name) : ''}
        detail={target ? (t.details[target.action] ?? '') : ''}
        okLabel={target ? actionLabel(target.action) : ''}
        danger={target?.action === 'suspend' || target?.action === 'unpublish'}
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
