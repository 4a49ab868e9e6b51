const weekFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const momentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A week's first day, short, e.g. "Mar 2". */
export const formatWeek = (date: Date): string => weekFormat.format(date);

/** An ISO time as date and time in the reader's locale, e.g. "Mar 4, 2026, 10:32 AM". */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : momentFormat.format(date);
}
