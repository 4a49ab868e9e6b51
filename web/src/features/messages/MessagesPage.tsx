import { useEffect, useRef, useState } from 'react';
import { openConversationStatuses } from '@projectory/contracts/values';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '../../shared/lib/use-debounced-value';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { ConversationList } from './components/ConversationList';
import { ThreadPane } from './components/ThreadPane';
import { useGetConversationsQuery, type Conversation } from './messages.api';
import { SEARCH_DEBOUNCE_MS, messagesTexts as t } from './messages.texts';
import { useOutbox } from './use-outbox';
import { PageHeader } from '../../shared/ui/PageHeader';
import './messages.css';

/**
 * /messages (prototype spec §2 "Messages screen"): the conversations on the left, the open one on the
 * right. `?match=<matchId>` opens a thread (the links from applications, dashboards and notifications).
 * On a phone the list and the thread take the whole screen in turn.
 */
export function MessagesPage() {
  useDocumentTitle(t.documentTitle);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const matchId = params.get('match');
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useGetConversationsQuery({ q, archived });
  const selected = useSelectedConversation(matchId, list.data?.items, { q, archived });
  const outbox = useOutbox();

  // Choosing another conversation moves the focus to it (the list may be hidden on a phone).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(matchId);
  useEffect(() => {
    if (shown.current === matchId) return;
    const previous = shown.current;
    shown.current = matchId;
    if (matchId) headingRef.current?.focus();
    else if (previous) document.querySelector<HTMLElement>(`[data-match-id="${CSS.escape(previous)}"]`)?.focus();
  }, [matchId]);

  // A deep link to an ended match shows the archived list, where that conversation is listed (once per link).
  const synced = useRef<string | null>(null);
  const selectedStatus = selected.conversation?.status;
  useEffect(() => {
    if (!matchId || !selectedStatus || synced.current === matchId) return;
    synced.current = matchId;
    setArchived(!OPEN_STATUSES.has(selectedStatus));
  }, [matchId, selectedStatus]);

  return (
    <div className={`pj-messages${matchId ? ' pj-messages--thread' : ''}`}>
      <PageHeader title={t.title} lead={t.lead} />
      <div className="pj-messages__layout">
        <ConversationList
          conversations={list.data?.items}
          isLoading={list.isLoading}
          isFetching={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          search={search}
          onSearch={setSearch}
          searched={q}
          archived={archived}
          onArchived={setArchived}
          selectedId={matchId}
        />
        {matchId ? (
          <ThreadPane
            key={matchId}
            matchId={matchId}
            conversation={selected.conversation}
            conversationLoading={selected.loading}
            userId={user.id}
            outbox={outbox}
            onBack={() => void navigate('/messages')}
            headingRef={headingRef}
          />
        ) : (
          <section className="pj-thread pj-thread--none pj-card" aria-labelledby="thread-none-heading">
            <h2 id="thread-none-heading" className="pj-thread__none-title">
              {t.thread.select}
            </h2>
            <p className="pj-messages__hint">{t.thread.selectHint}</p>
          </section>
        )}
      </div>
    </div>
  );
}

const OPEN_STATUSES = new Set<string>(openConversationStatuses);

/**
 * The conversation `?match=` names: from the list on screen, else from the unfiltered open or archived
 * list (a deep link to an ended match, or one the search hides).
 */
function useSelectedConversation(
  matchId: string | null,
  shown: Conversation[] | undefined,
  current: { q: string; archived: boolean },
): { conversation: Conversation | undefined; loading: boolean } {
  const inShown = matchId ? shown?.find((item) => item.matchId === matchId) : undefined;
  const needOthers = Boolean(matchId) && shown !== undefined && !inShown;
  const openArg = { q: '', archived: false };
  const archivedArg = { q: '', archived: true };
  const isCurrent = (arg: { q: string; archived: boolean }) => arg.q === current.q && arg.archived === current.archived;
  const open = useGetConversationsQuery(openArg, { skip: !needOthers || isCurrent(openArg) });
  const ended = useGetConversationsQuery(archivedArg, { skip: !needOthers || isCurrent(archivedArg) });
  if (!matchId) return { conversation: undefined, loading: false };
  if (inShown) return { conversation: inShown, loading: false };
  // `currentData`: a skipped lookup keeps its last answer in `data`, which may be stale by now. During a
  // move from open to archived both lists may hold it for a moment: the archived one is the newer state.
  const found =
    ended.currentData?.items.find((item) => item.matchId === matchId) ??
    open.currentData?.items.find((item) => item.matchId === matchId);
  return { conversation: found, loading: shown === undefined || open.isLoading || ended.isLoading };
}
