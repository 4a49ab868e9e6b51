const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** An ISO time as a date in the reader's locale, e.g. "March 4, 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}
