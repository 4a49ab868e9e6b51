import { Avatar, Button, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { openConversationStatuses, opensWorkspace, workspacePath } from '@projectory/contracts/values';
import { Link } from 'react-router-dom';
import { toApiFailure } from '../../../api/api-error';
import { useGetMyWorkspacesQuery } from '../../../shared/api/workspaces.api';
import { Icon } from '../../../shared/ui/Icon';
import { QueryError } from '../../../shared/ui/LoadError';
import { CallButtons } from '../../calls';
import { StatusTag } from '../../../shared/ui/MatchTags';
import { initialsOf, counterpartName } from '../format';
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
const OPEN = new Set<string>(openConversationStatuses);

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
  const { matchId, conversation, conversationLoading, userId, outbox, onBack, headingRef } = props;
  const query = useGetThreadQuery(matchId);
  const { data, error, isLoading, refetch } = query;
  const failure = error ? toApiFailure(error) : null;
  const name = conversation ? counterpartName(conversation.counterpart) : '';
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
            {conversation ? name : t.loading}
          </h2>
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
      </header>
      {body}
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
}

function Thread({ conversation, messages, nextCursor, userId, outbox, name }: ThreadProps) {
  const { matchId } = conversation;
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
      />
      {open ? (
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
