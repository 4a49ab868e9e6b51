const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** An ISO time as a date in the reader's locale, e.g. "March 4, 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO time as a date and time in the reader's locale, e.g. "Mar 4, 2026, 3:05 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** A calendar day (`YYYY-MM-DD`, no time zone) in the reader's locale, e.g. "March 4, 2026": that day wherever the reader is. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return dateFormat.format(new Date(year, month - 1, date));
}
