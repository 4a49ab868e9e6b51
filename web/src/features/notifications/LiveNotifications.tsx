import { useLiveNotifications } from './use-live-notifications';

/**
 * The signed-in app's one live region: every pushed notification ("New application", "Application
 * accepted") is read out to screen reader users on whatever page they are, while sighted users see
 * its toast. Rendered once, by the shell.
 */
export function LiveNotifications() {
  const announcement = useLiveNotifications();
  return (
    <div className="pj-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement && <p key={announcement.key}>{announcement.text}</p>}
    </div>
  );
}
