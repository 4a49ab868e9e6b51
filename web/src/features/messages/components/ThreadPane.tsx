import { App, Avatar, Button, Dropdown, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import {
  openConversationStatuses,
  opensWorkspace,
  workspacePath,
  type ReportTargetType,
} from '@projectory/contracts/values';
import { Link } from 'react-router-dom';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import {
  useBlockUserMutation,
  useGetBlocksQuery,
  useIsBlocked,
  useUnblockUserMutation,
} from '../../../shared/api/safety.api';
import { ReportDialogPart } from '../../../shared/ui/report-dialog-part';
import { safetyTexts } from '../../../shared/ui/safety.texts';
import { VerifiedMark } from '../../../shared/ui/VerifiedMark';
import { useGetMyWorkspacesQuery } from '../../../shared/api/workspaces.api';
import { Icon } from '../../../shared/ui/Icon';
import { QueryError } from '../../../shared/ui/LoadError';
import { CallButtons } from '../../calls';
import { StatusTag } from '../../../shared/ui/MatchTags';
import { counterpartName, counterpartVerification, initialsOf } from '../format';
import {
  messagesApi,
  useGetThreadQuery,
  useLazyGetOlderMessagesQuery,
  useMarkReadMutation,
  type Conversation,
  type Message,
} from '../messages.api';
import { messagesTexts } from '../messages.texts';
import type { Outbox } from '../use-outbox';
import { useAppDispatch } from '../../../app/hooks';
import { Composer } from './Composer';
import { MessageLog } from './MessageLog';
import { ScoreBadge } from './ScoreBadge';

const t = messagesTexts.thread;
const b = safetyTexts.block;
const OPEN = new Set<string>(openConversationStatuses);

/** What a report from the thread names: one of their messages, or them. */
type ReportTarget = { type: ReportTargetType; id: string; what: string };

export interface ThreadPaneProps {
  matchId: string;
  /** Undefined while the conversation lists load, or when no list holds it. */
  conversation: Conversation | undefined;
  conversationLoading: boolean;
  userId: string;
  outbox: Outbox;
  onBack: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The open conversation: who and what it is about, the messages, and the box to write (open matches only). */
export function ThreadPane(props: ThreadPaneProps) {
  const { matchId, conversationLoading, userId, outbox, onBack, headingRef } = props;
  // A block takes the conversation off the pair's lists (API.md "Trust and safety"): the pane keeps
  // showing the one it had, read-only, with the way to unblock.
  const [known, setKnown] = useState(props.conversation);
  if (props.conversation && props.conversation !== known) setKnown(props.conversation);
  const conversation = props.conversation ?? known;
  const [report, setReport] = useState<ReportTarget>();
  const query = useGetThreadQuery(matchId);
  const { data, error, isLoading, refetch } = query;
  const failure = error ? toApiFailure(error) : null;
  // A block takes the conversation off both lists: after a reload, the thread still opens by its link,
  // read-only, named after the blocked user (the caller's blocks list).
  const counterpartId = data?.items.map((item) => (item.senderId === userId ? item.recipientId : item.senderId))[0];
  const blocks = useGetBlocksQuery(undefined, { skip: conversation !== undefined || !counterpartId });
  const blockedUser = conversation ? undefined : blocks.data?.items.find((item) => item.userId === counterpartId);
  const name = conversation
    ? counterpartName(conversation.counterpart)
    : blockedUser
      ? counterpartName(blockedUser)
      : '';
  const otherId = conversation?.counterpart.id ?? blockedUser?.userId;
  const withWorkspace = conversation !== undefined && opensWorkspace(conversation.status);
  // The collaboration's progress beside its link (the list the dashboards keep live).
  const progress = useGetMyWorkspacesQuery(undefined, { skip: !withWorkspace }).data?.items.find(
    (workspace) => workspace.matchId === matchId,
  )?.progress;

  // Messaging learns of a new match from matching's events: a thread opened a moment too early is a
  // 404 until its conversation shows up in a list, then it is asked for again.
  const notYet = failure?.status === 404 && conversation !== undefined;
  useEffect(() => {
    if (notYet) void refetch();
  }, [notYet, refetch]);

  let body;
  if (isLoading || (conversationLoading && !conversation)) {
    body = (
      <div role="status" className="pj-thread__state">
        <span className="pj-visually-hidden">{t.loading}</span>
        <div aria-hidden="true">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      </div>
    );
  } else if (data && !conversation && blockedUser) {
    body = (
      <>
        <MessageLog
          label={t.logLabel(name)}
          userId={userId}
          messages={data.items}
          outgoing={[]}
          onRetry={() => undefined}
          hasOlder={false}
          loadingOlder={false}
          olderFailed={false}
          onLoadOlder={() => undefined}
        />
        <BlockedNotice userId={blockedUser.userId} name={name} />
      </>
    );
  } else if (!data || !conversation) {
    body = (
      <div className="pj-thread__state">
        {failure?.status === 404 || (!failure && !conversation) ? (
          <p className="pj-messages__empty">{t.notFound}</p>
        ) : (
          <QueryError title={t.loadError} query={query} retryLabel={messagesTexts.retry} />
        )}
      </div>
    );
  } else {
    body = (
      <Thread
        conversation={conversation}
        messages={data.items}
        nextCursor={data.nextCursor}
        userId={userId}
        outbox={outbox}
        name={name}
        onReportMessage={(message) => setReport({ type: 'message', id: message.id, what: t.reportWhat })}
      />
    );
  }

  return (
    <section className="pj-thread pj-card" aria-labelledby={`thread-heading-${matchId}`}>
      <header className="pj-thread__head">
        <Button className="pj-thread__back" type="text" icon={<Icon name="arrow-left" size={18} />} onClick={onBack}>
          {t.back}
        </Button>
        {conversation && (
          <Avatar
            src={conversation.counterpart.profileImageUrl ?? undefined}
            alt=""
            aria-hidden="true"
            className="pj-thread__avatar"
          >
            {initialsOf(conversation.counterpart)}
          </Avatar>
        )}
        <div className="pj-thread__who">
          <h2 id={`thread-heading-${matchId}`} ref={headingRef} tabIndex={-1} className="pj-thread__name">
            {conversation || blockedUser ? name : t.loading}
          </h2>
          {conversation && <VerifiedMark level={counterpartVerification(conversation)} />}
          {conversation && (
            <p className="pj-thread__project">
              <span className="pj-visually-hidden">{t.project}: </span>
              <Link to={`/projects/${conversation.project.id}`}>
                {conversation.project.title || messagesTexts.list.untitled}
              </Link>
            </p>
          )}
          {conversation && withWorkspace && (
            <p className="pj-thread__project">
              <Link
                to={workspacePath(matchId)}
                aria-label={t.workspaceLabel(conversation.project.title || messagesTexts.list.untitled, progress)}
              >
                {t.workspace}
              </Link>
              {progress && progress.total > 0 && <span aria-hidden="true"> · {t.progress(progress)}</span>}
            </p>
          )}
        </div>
        {conversation && OPEN.has(conversation.status) && <CallButtons matchId={matchId} name={name} />}
        {conversation && (
          <div className="pj-thread__tags">
            <ScoreBadge score={conversation.matchScore} />
            <StatusTag status={conversation.status} />
          </div>
        )}
        {otherId && (
          <ConversationMenu
            userId={otherId}
            name={name}
            onReport={() => setReport({ type: 'user', id: otherId, what: name })}
          />
        )}
      </header>
      {body}
      {report && (
        <ReportDialogPart
          target={{ type: report.type, id: report.id }}
          what={report.what}
          onClose={() => setReport(undefined)}
        />
      )}
    </section>
  );
}

interface ThreadProps {
  conversation: Conversation;
  messages: Message[];
  nextCursor: string | null;
  userId: string;
  outbox: Outbox;
  name: string;
  onReportMessage: (message: Message) => void;
}

function Thread({ conversation, messages, nextCursor, userId, outbox, name, onReportMessage }: ThreadProps) {
  const { matchId } = conversation;
  const { blocked } = useIsBlocked(conversation.counterpart.id);
  const dispatch = useAppDispatch();
  const [loadOlder, older] = useLazyGetOlderMessagesQuery();
  const [olderFailed, setOlderFailed] = useState(false);
  const open = OPEN.has(conversation.status);

  const onLoadOlder = useCallback(() => {
    if (!nextCursor || older.isFetching) return;
    setOlderFailed(false);
    void loadOlder({ matchId, cursor: nextCursor })
      .unwrap()
      .then((page) => {
        dispatch(
          messagesApi.util.updateQueryData('getThread', matchId, (draft) => {
            const held = new Set(draft.items.map((message) => message.id));
            draft.items.unshift(...page.items.filter((message) => !held.has(message.id)));
            draft.nextCursor = page.nextCursor;
          }),
        );
      })
      .catch(() => setOlderFailed(true));
  }, [dispatch, loadOlder, matchId, nextCursor, older.isFetching]);

  useMarkRead(matchId, messages, userId);

  // The server's copy of an optimistic message replaces it (same client id), never both.
  const stored = new Set(messages.map((message) => message.clientMessageId).filter(Boolean));
  const outgoing = outbox.pending(matchId).filter((message) => !stored.has(message.clientMessageId));

  return (
    <>
      <MessageLog
        label={t.logLabel(name)}
        userId={userId}
        messages={messages}
        outgoing={outgoing}
        onRetry={outbox.retry}
        hasOlder={nextCursor !== null}
        loadingOlder={older.isFetching}
        olderFailed={olderFailed}
        onLoadOlder={onLoadOlder}
        counterpartName={name}
        onReport={onReportMessage}
      />
      {blocked ? (
        <BlockedNotice userId={conversation.counterpart.id} name={name} />
      ) : open ? (
        <Composer onSend={(content, attachment) => outbox.send(matchId, content, attachment)} />
      ) : (
        <p className="pj-thread__closed">{t.archivedNote}</p>
      )}
    </>
  );
}

/** While the thread is on screen and the tab visible, the caller has read up to the newest message from the other side. */
function useMarkRead(matchId: string, messages: Message[], userId: string): void {
  const [markRead] = useMarkReadMutation();
  const marked = useRef(0);
  const highest = messages.reduce(
    (top, message) => (message.senderId !== userId ? Math.max(top, message.seq) : top),
    0,
  );

  useEffect(() => {
    const mark = () => {
      if (highest <= marked.current || document.visibilityState !== 'visible') return;
      marked.current = highest;
      void markRead({ matchId, upToSeq: highest })
        .unwrap()
        .catch(() => {
          marked.current = 0; // try again with the next message or the next visit
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [highest, markRead, matchId]);
}

/** The conversation's menu: report the other person, block or unblock them. */
function ConversationMenu({ userId, name, onReport }: { userId: string; name: string; onReport: () => void }) {
  const { blocked } = useIsBlocked(userId);
  const [block] = useBlockUserMutation();
  const [unblock] = useUnblockUserMutation();
  const { modal, message } = App.useApp();
  const onFailure = (error: unknown) => void message.error(`${b.failed}: ${failureMessage(toApiFailure(error))}`);

  const onClick = ({ key }: { key: string }) => {
    if (key === 'report') return onReport();
    if (key === 'unblock') {
      void unblock(userId)
        .unwrap()
        .then(() => void message.success(b.unblocked(name)), onFailure);
      return;
    }
    void modal.confirm({
      title: b.confirmTitle(name),
      content: b.confirmBody,
      okText: b.confirm,
      okButtonProps: { danger: true },
      cancelText: b.cancel,
      onOk: () =>
        block(userId)
          .unwrap()
          .then(() => void message.success(b.blocked(name)), onFailure),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      autoFocus
      menu={{
        items: [
          { key: 'report', label: t.reportUser(name), danger: true },
          blocked ? { key: 'unblock', label: b.unblockLabel(name) } : { key: 'block', label: b.block(name) },
        ],
        onClick,
      }}
    >
      <Button type="text" className="pj-thread__head-actions" aria-label={t.actions(name)}>
        <span aria-hidden="true">⋯</span>
      </Button>
    </Dropdown>
  );
}

/** In place of the message box while the caller blocks the other person: why, and Unblock. */
function BlockedNotice({ userId, name }: { userId: string; name: string }) {
  const [unblock, { isLoading }] = useUnblockUserMutation();
  const { message } = App.useApp();
  return (
    <div className="pj-block-notice" role="status">
      <span>{b.notice(name)}</span>
      <Button
        loading={isLoading}
        aria-label={b.unblockLabel(name)}
        onClick={() =>
          void unblock(userId)
            .unwrap()
            .then(
              () => void message.success(b.unblocked(name)),
              (error: unknown) => void message.error(`${b.failed}: ${failureMessage(toApiFailure(error))}`),
            )
        }
      >
        {b.unblock}
      </Button>
    </div>
  );
}
