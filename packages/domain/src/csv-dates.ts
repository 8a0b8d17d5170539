/** How a file writes its numeric dates: 03/04/2024 is 3 April day first, 4 March month first. */
export type DateOrder = 'day-first' | 'month-first';

/** What a column's numeric dates tell of their order: one order, or 'ambiguous' when the user must say. */
export type DateOrderHint = DateOrder | 'ambiguous';

/** The date orders a user can choose between. */
export const DATE_ORDERS: readonly DateOrder[] = ['day-first', 'month-first'];

const NUMERIC_DATE =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]m)?)?$/i;

const ISO_PLAIN = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?$/;

/** The order a single numeric date allows: one order when a part is over 12, both when neither is. */
function ordersOf(value: string): DateOrder[] | null {
  const match = NUMERIC_DATE.exec(value.trim());
  if (!match) return null;
  const [first, second] = [Number(match[1]), Number(match[2])];
  const orders: DateOrder[] = [];
  if (second <= 12 && first >= 1 && first <= 31) orders.push('day-first');
  if (first <= 12 && second >= 1 && second <= 31) orders.push('month-first');
  return orders;
}

/**
 * Reads a column's cells one at a time and tells which order its numeric dates (31/12/2024) are
 * in: one order when some date allows only that one and none contradicts it, 'ambiguous' when
 * every date reads both ways or the dates disagree, null when the column holds no such date.
 */
export function createDateOrderDetector() {
  let seen = false;
  let dayFirst = false;
  let monthFirst = false;
  return {
    push(value: string) {
      const orders = ordersOf(value);
      if (!orders) return;
      seen = true;
      if (orders.length === 1) {
        if (orders[0] === 'day-first') dayFirst = true;
        else monthFirst = true;
      }
    },
    result(): DateOrderHint | null {
      if (!seen) return null;
      if (dayFirst !== monthFirst) return dayFirst ? 'day-first' : 'month-first';
      return 'ambiguous';
    },
  };
}

/**
 * A date as exports write it, as an ISO timestamp; undefined when it is no date (or no date in the
 * given order). A date without a zone reads as UTC, so an import means the same on every server:
 * HubSpot's "2024-03-12 09:14", and numeric dates such as "31/12/2024 18:30" in `order`.
 */
export function parseCsvDate(value: string, order: DateOrder = 'month-first'): string | undefined {
  const text = value.trim();
  const plain = ISO_PLAIN.exec(text);
  if (plain) {
    const time = Date.parse(`${plain[1]}T${(plain[2] ?? '00:00').replace(/^\d:/, '0$&')}Z`);
    return Number.isNaN(time) ? undefined : new Date(time).toISOString();
  }
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const [, a, b, y, h, min, s, half] = numeric;
    const [day, month] = order === 'day-first' ? [Number(a), Number(b)] : [Number(b), Number(a)];
    const shortYear = Number(y);
    const year = y!.length === 2 ? (shortYear < 70 ? 2000 + shortYear : 1900 + shortYear) : shortYear;
    let hours = Number(h ?? 0);
    if (half) {
      if (hours < 1 || hours > 12) return undefined;
      hours = (hours % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
    }
    const minutes = Number(min ?? 0);
    const seconds = Number(s ?? 0);
    if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return undefined;
    const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
    // 31/02 would roll over into March: such a day is no date.
    if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return undefined;
    return date.toISOString();
  }
  // Named months and zones ("Mar 12, 2024", "2024-03-12T09:14:00+02:00") say what they mean.
  if (!/[a-z]{3}|[+-]\d{2}:?\d{2}$|z$/i.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
