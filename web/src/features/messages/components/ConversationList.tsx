import { Avatar, Input, Skeleton, Switch } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { toApiFailure } from '../../../api/api-error';
import { Icon } from '../../../shared/ui/Icon';
import { LoadError } from '../../../shared/ui/LoadError';
import type { Conversation } from '../messages.api';
import { counterpartName, counterpartVerification, formatListTime, initialsOf, previewOf } from '../format';
import { VerifiedMark } from '../../../shared/ui/VerifiedMark';
import { messagesTexts, threadPath } from '../messages.texts';
import { ScoreBadge } from './ScoreBadge';

const t = messagesTexts.list;

export interface ConversationListProps {
  conversations: Conversation[] | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  search: string;
  onSearch: (value: string) => void;
  /** The search the list answers (debounced): an empty list then says "no match". */
  searched: string;
  archived: boolean;
  onArchived: (archived: boolean) => void;
  selectedId: string | null;
}

/** The left column: search, the Archived toggle and the conversations, latest activity first. */
export function ConversationList(props: ConversationListProps) {
  const { search, onSearch, archived, onArchived } = props;
  const id = useId();
  return (
    <nav className="pj-messages__list pj-card" aria-label={t.label}>
      <div className="pj-messages__filters">
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t.search}
          aria-label={t.searchLabel}
          prefix={<Icon name="search" size={16} />}
        />
        <div className="pj-messages__archived">
          <Switch
            id={`${id}-archived`}
            size="small"
            checked={archived}
            onChange={onArchived}
            aria-describedby={`${id}-archived-hint`}
          />
          <label htmlFor={`${id}-archived`}>{t.archived}</label>
          <span id={`${id}-archived-hint`} className="pj-messages__hint">
            {t.archivedHint}
          </span>
        </div>
      </div>
      <ListBody {...props} />
    </nav>
  );
}

function ListBody({
  conversations,
  isLoading,
  isFetching,
  error,
  onRetry,
  searched,
  archived,
  selectedId,
}: ConversationListProps) {
  if (isLoading) {
    return (
      <div role="status" className="pj-messages__list-state">
        <span className="pj-visually-hidden">{t.loading}</span>
        <div aria-hidden="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} active avatar paragraph={{ rows: 1 }} title={{ width: '60%' }} />
          ))}
        </div>
      </div>
    );
  }
  if (!conversations) {
    return (
      <div className="pj-messages__list-state">
        <LoadError
          title={t.loadError}
          description={toApiFailure(error).message}
          retryLabel={messagesTexts.retry}
          onRetry={onRetry}
          retrying={isFetching}
        />
      </div>
    );
  }
  if (conversations.length === 0) {
    const text = searched ? t.noResults : archived ? t.emptyArchived : t.empty;
    return <p className="pj-messages__empty pj-messages__list-state">{text}</p>;
  }
  return (
    <ul className="pj-messages__conversations">
      {conversations.map((conversation) => (
        <li key={conversation.matchId}>
          <ConversationItem conversation={conversation} selected={conversation.matchId === selectedId} />
        </li>
      ))}
    </ul>
  );
}

function ConversationItem({ conversation, selected }: { conversation: Conversation; selected: boolean }) {
  const { counterpart, project, lastMessage, unreadCount } = conversation;
  const name = counterpartName(counterpart);
  const mine = lastMessage !== null && lastMessage.senderId !== counterpart.id;
  const className = `pj-conversation${selected ? ' pj-conversation--selected' : ''}${unreadCount > 0 ? ' pj-conversation--unread' : ''}`;
  return (
    <Link
      to={threadPath(conversation.matchId)}
      className={className}
      aria-current={selected ? 'true' : undefined}
      data-match-id={conversation.matchId}
    >
      <Avatar
        src={counterpart.profileImageUrl ?? undefined}
        alt=""
        className="pj-conversation__avatar"
        aria-hidden="true"
      >
        {initialsOf(counterpart)}
      </Avatar>
      <span className="pj-conversation__body">
        <span className="pj-conversation__top">
          <span className="pj-conversation__name">
            {name} <VerifiedMark level={counterpartVerification(conversation)} focusable={false} />
          </span>
          {lastMessage && (
            <time className="pj-conversation__time" dateTime={lastMessage.sentAt}>
              {formatListTime(lastMessage.sentAt)}
            </time>
          )}
        </span>
        <span className="pj-conversation__project">
          <span>{project.title || t.untitled}</span>
          <ScoreBadge score={conversation.matchScore} highlight />
        </span>
        <span className="pj-conversation__bottom">
          <span className="pj-conversation__preview">{previewOf(lastMessage, mine)}</span>
          {unreadCount > 0 && (
            <span className="pj-conversation__unread">
              <span aria-hidden="true">{unreadCount}</span>
              <span className="pj-visually-hidden">{t.unread(unreadCount)}</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
