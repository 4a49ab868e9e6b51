import { Alert, App, Button, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DeadLetterErrorCode } from '@projectory/contracts/values';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { formatDateTime } from '../../../shared/lib/format-date';
import { type DeadLetter, useAdminDeadLettersQuery, useReplayDeadLetterMutation } from '../admin.api';
import { adminTexts } from '../admin.texts';
import { AdminTable, type PagedResult } from './AdminTable';
import { palette } from '../../../shared/theme';

const t = adminTexts.operations;

interface Outcome {
  type: 'success' | 'info' | 'warning' | 'error';
  title: string;
  description: string;
}

/** What a replay came to, in words: applied, already applied, back in its queue, or why not. */
function failureOutcome(error: unknown): Outcome {
  const failure = toApiFailure(error);
  if (failure.code === DeadLetterErrorCode.ReplayFailed) {
    return { type: 'error', title: t.failedAgainTitle, description: `${failure.message} ${t.failedAgainDetail}` };
  }
  if (failure.code === DeadLetterErrorCode.AlreadyReplayed) {
    return { type: 'warning', title: t.alreadyReplayedTitle, description: t.alreadyReplayed };
  }
  if (failure.status === 404) return { type: 'warning', title: t.notFoundTitle, description: t.notFound };
  return { type: 'error', title: t.failedTitle, description: failureMessage(failure) };
}

/**
 * Operations (issue 16): the events each service's consumer gave up on and the jobs that used up
 * their attempts, across services (`GET /api/admin/dead-letters`), with a confirmed, audited replay
 * into the one consumer or queue that failed. Services that did not answer are named above the list.
 */
export function OperationsTab() {
  const query = useAdminDeadLettersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [replay] = useReplayDeadLetterMutation();
  const { modal } = App.useApp();
  const [outcome, setOutcome] = useState<Outcome>();

  // One page: the gateway lists every service's dead letters at once (nextCursor is always null).
  const result: PagedResult<DeadLetter> = {
    data: query.data ? { pages: [{ items: query.data.items }] } : undefined,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isFetchingNextPage: false,
    isError: query.isError,
    error: query.error,
    hasNextPage: false,
    fetchNextPage: () => undefined,
    refetch: query.refetch,
  };

  const confirm = (letter: DeadLetter) => {
    const event = letter.kind === 'event';
    void modal.confirm({
      title: event ? t.confirmEvent(letter.type, letter.service) : t.confirmJob(letter.type),
      content: event ? t.confirmEventDetail : t.confirmJobDetail,
      okText: t.replay,
      cancelText: t.cancel,
      onOk: async () => {
        setOutcome(undefined);
        try {
          const done = await replay(letter.id).unwrap();
          setOutcome({
            type: 'success',
            title: t.replayedTitle,
            description:
              done.kind === 'job'
                ? t.requeued(done.type)
                : done.applied
                  ? t.applied(done.type, done.service)
                  : t.alreadyApplied(done.type, done.service),
          });
        } catch (error) {
          setOutcome(failureOutcome(error));
        }
      },
    });
  };

  const columns: TableColumnsType<DeadLetter> = [
    { title: t.service, key: 'service', render: (_, row) => row.service },
    {
      title: t.kind,
      key: 'kind',
      render: (_, row) => (
        <Tag color={row.kind === 'event' ? palette.info : palette.accentStrong}>{t.kinds[row.kind]}</Tag>
      ),
    },
    {
      title: t.consumer,
      key: 'consumer',
      render: (_, row) => (row.kind === 'event' ? t.consumerOf(row.service) : row.type),
    },
    { title: t.type, key: 'type', render: (_, row) => (row.kind === 'event' ? row.type : t.noEvent) },
    {
      title: t.error,
      key: 'error',
      render: (_, row) => <span className="pj-admin-operations__error">{row.error}</span>,
    },
    { title: t.attempts, key: 'attempts', render: (_, row) => row.attempts },
    { title: t.failedAt, key: 'failedAt', render: (_, row) => formatDateTime(row.failedAt) },
    {
      title: t.actions,
      key: 'actions',
      render: (_, row) => (
        <Button size="small" aria-label={t.replayLabel(row.type, row.service)} onClick={() => confirm(row)}>
          {t.replay}
        </Button>
      ),
    },
  ];

  const unavailable = query.data?.unavailable ?? [];
  return (
    <div className="pj-admin-operations">
      <p className="pj-admin-muted">{t.intro}</p>
      {/* Always in the page, so a screen reader hears the result it announces. */}
      <div role="status" aria-label={t.outcomeLabel}>
        {outcome && (
          <Alert
            type={outcome.type}
            showIcon
            closable
            onClose={() => setOutcome(undefined)}
            title={outcome.title}
            description={outcome.description}
            className="pj-admin-operations__notice"
          />
        )}
      </div>
      {unavailable.length > 0 && !query.isFetching && (
        <Alert
          type="warning"
          showIcon
          title={t.unavailableTitle}
          description={t.unavailable(unavailable)}
          className="pj-admin-operations__notice"
        />
      )}
      <AdminTable<DeadLetter>
        label={adminTexts.tabs.operations}
        result={result}
        columns={columns}
        emptyText={t.empty}
        filters={
          <Button onClick={() => void query.refetch()} loading={query.isFetching && !query.isLoading}>
            {t.refresh}
          </Button>
        }
      />
    </div>
  );
}
