import { App, Button } from 'antd';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { lazyPart } from '../../shared/lib/lazy-part';
import { liveToast } from './live-toast';
import { useGetUnreadNotificationCountQuery } from './notifications.api';
import { notificationsTexts } from './notifications.texts';
import './notifications.css';

const t = notificationsTexts.bell;
/** The list loads when the bell first opens; the count is all the top bar shows before. */
const NotificationPanel = lazyPart(() => import('./NotificationPanel').then((m) => m.NotificationPanel));
/** The badge shows "99+" beyond this; the button's name says the real figure. */
const BADGE_MAX = 99;

function BellIcon() {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The top bar's bell: the unread count, and a panel of the latest notifications (a non-modal dialog:
 * Escape closes it and gives focus back to the bell, as does a click outside it).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { data } = useGetUnreadNotificationCountQuery(undefined);
  const unread = data?.count ?? 0;
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { notification: toasts } = App.useApp();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const closeAndFocusBell = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    closeAndFocusBell();
  };
  // Tabbing past the panel closes it; focus that goes nowhere (a button that disappeared) does not.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !wrapper.current?.contains(next)) setOpen(false);
  };

  return (
    <div className="pj-bell" ref={wrapper} onKeyDown={onKeyDown} onBlur={onBlur}>
      <Button
        ref={button}
        type="text"
        shape="circle"
        className="pj-bell__button"
        icon={<BellIcon />}
        aria-label={t.label(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={NotificationPanel.preload}
        onFocus={NotificationPanel.preload}
        onClick={() => {
          if (!open) {
            const toast = liveToast.take();
            if (toast) toasts.destroy(toast);
          }
          setOpen(!open);
        }}
      />
      {unread > 0 && (
        <span className="pj-bell__badge" aria-hidden="true">
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      )}
      {open && <NotificationPanel id={panelId} unread={unread} onFollow={() => setOpen(false)} />}
    </div>
  );
}
