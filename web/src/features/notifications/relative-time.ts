import { formatDate } from '../../shared/lib/format-date';
import { notificationsTexts } from './notifications.texts';

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];
const WEEK_SECONDS = 7 * 24 * 60 * 60;

/** "just now", "5 minutes ago", "yesterday"; a date once it is more than a week old. */
export function relativeTime(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < 60) return notificationsTexts.time.justNow;
  if (seconds >= WEEK_SECONDS) return formatDate(iso);
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [candidate, candidateSize] of STEPS) {
    if (seconds >= candidateSize) [unit, size] = [candidate, candidateSize];
  }
  return relative.format(-Math.floor(seconds / size), unit);
}
