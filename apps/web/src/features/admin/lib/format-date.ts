const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Formats an ISO date-time for an operator's table: 'Mar 10, 2025, 2:15 PM'. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** Formats an ISO date-time as a day: 'Mar 10, 2025'. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
