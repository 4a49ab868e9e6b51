import { App, Button, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { toApiFailure } from '../../api/api-error';
import {
  useGetNotificationsInfiniteQuery,
  useMarkNotificationsReadMutation,
  type Notification,
} from './notifications.api';
import { notificationsTexts } from './notifications.texts';
import { relativeTime } from './relative-time';

const t = notificationsTexts.bell;

export interface NotificationPanelProps {
  id: string;
  unread: number;
  /** A notification's link was followed: the panel closes. */
  onFollow: () => void;
}

interface ItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

function NotificationContent({ notification }: { notification: Notification }) {
  const unread = !notification.readAt;
  return (
    <>
      {unread && <span className="pj-visually-hidden">{`${t.unread}: `}</span>}
      <span className="pj-bell__item-title">{notification.title}</span>
      {notification.body && <span className="pj-bell__item-body">{notification.body}</span>}
      <time className="pj-bell__item-time" dateTime={notification.createdAt}>
        {relativeTime(notification.createdAt)}
      </time>
    </>
  );
}

function NotificationItem({ notification, onOpen }: ItemProps) {
  const className = `pj-bell__item${notification.readAt ? '' : ' pj-bell__item--unread'}`;
  return (
    <li>
      {notification.link ? (
        <Link to={notification.link} className={className} onClick={() => onOpen(notification)}>
          <NotificationContent notification={notification} />
        </Link>
      ) : (
        <button type="button" className={className} onClick={() => onOpen(notification)}>
          <NotificationContent notification={notification} />
        </button>
      )}
    </li>
  );
}

/** The bell's panel: the latest notifications, newest first, 'Mark all as read' and 'Load more'. */
export function NotificationPanel({ id, unread, onFollow }: NotificationPanelProps) {
  const { message } = App.useApp();
  const panel = useRef<HTMLDivElement>(null);
  const { data, error, isLoading, isError, isFetching, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useGetNotificationsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markRead, { isLoading: marking }] = useMarkNotificationsReadMutation();
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = `${id}-heading`;

  useEffect(() => {
    panel.current?.focus();
  }, []);

  const mark = async (ids?: string[]) => {
    try {
      await markRead(ids ? { ids } : {}).unwrap();
    } catch {
      void message.error(t.markFailed);
    }
  };
  const onOpen = (notification: Notification) => {
    if (!notification.readAt) void mark([notification.id]);
    if (notification.link) onFollow();
  };

  return (
    <div
      ref={panel}
      id={id}
      className="pj-bell__panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <div className="pj-bell__head">
        <h2 id={headingId} className="pj-bell__heading">
          {t.heading}
        </h2>
        <Button type="link" size="small" onClick={() => void mark()} disabled={unread === 0} loading={marking}>
          {t.markAllRead}
        </Button>
      </div>
      <div className="pj-bell__body">
        {isLoading ? (
          <p className="pj-bell__state" role="status">
            <Spin size="small" /> {t.loading}
          </p>
        ) : isError && items.length === 0 ? (
          <div className="pj-bell__state" role="alert">
            <p className="pj-bell__state-title">{t.error}</p>
            <p className="pj-bell__state-detail">{toApiFailure(error).message}</p>
            <Button size="small" onClick={() => void refetch()} loading={isFetching}>
              {t.retry}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="pj-bell__state">
            <p className="pj-bell__state-title">{t.empty}</p>
            <p className="pj-bell__state-detail">{t.emptyHint}</p>
          </div>
        ) : (
          <>
            <ul className="pj-bell__list" aria-label={t.listLabel}>
              {items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onOpen={onOpen} />
              ))}
            </ul>
            {isError && (
              <p className="pj-bell__state-detail" role="alert">
                {t.error}
              </p>
            )}
            {hasNextPage && (
              <div className="pj-bell__more">
                <Button block onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
                  {t.loadMore}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
