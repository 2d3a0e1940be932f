import { lagosDate, lagosTimeZone } from '../../reference/lagosTime';

/**
 * Every date the app shows is written here, in Lagos time whatever the browser's zone.
 *
 * Two styles, chosen by where the date stands:
 * - detail and profile fields the spec names (a company's "date created", a job profile's dates)
 *   keep the spec's English (US) long format (§5: full month, day, year), e.g. "January 5, 2025";
 * - lists and other dense places use the compact "Jan 5, 2025" (with "2:30 PM" where the time
 *   matters) or, where recency matters, a relative "3 hr. ago" / "yesterday". Both never wrap and
 *   carry the long date and time as their title (see `DateText`), so nothing is lost by the short
 *   form. The spec's long format reads as a sentence; in a 25-row table it wrapped over three
 *   lines and doubled the row height.
 *
 * Strings are ISO instants; a bare day ("2025-01-05") is that calendar day wherever the browser is.
 */
export type DateInput = Date | number | string;

const dayOnly = /^\d{4}-\d{2}-\d{2}$/;

/** Noon UTC of a bare day is the same day in Lagos (UTC+1). */
const instantOf = (date: DateInput): Date =>
  typeof date === 'string' && dayOnly.test(date)
    ? new Date(`${date}T12:00:00Z`)
    : new Date(typeof date === 'string' ? Date.parse(date) : date);

const lagos = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: lagosTimeZone, ...options });

const longDay = lagos({ month: 'long', day: 'numeric', year: 'numeric' });
const shortDay = lagos({ month: 'short', day: 'numeric', year: 'numeric' });
const clock = lagos({ hour: 'numeric', minute: '2-digit', hour12: true });

/** The text of an invalid date: shown as given rather than "Invalid Date". */
const guarded = (date: DateInput, write: (d: Date) => string) => {
  const d = instantOf(date);
  return Number.isNaN(d.getTime()) ? String(date) : write(d);
};

/** The spec's long format, e.g. "January 5, 2025" (detail and profile fields). */
export const formatDisplayDate = (date: DateInput): string =>
  guarded(date, (d) => longDay.format(d));

/** The long format with its time, e.g. "January 5, 2025 at 2:30 PM" (titles, history). */
export const formatDisplayDateTime = (date: DateInput): string =>
  guarded(date, (d) => `${longDay.format(d)} at ${clock.format(d)}`);

/** The compact list date, e.g. "Jan 5, 2025". */
export const formatCompactDate = (date: DateInput): string =>
  guarded(date, (d) => shortDay.format(d));

/** The compact list date with its time, e.g. "Jan 5, 2025, 2:30 PM". */
export const formatCompactDateTime = (date: DateInput): string =>
  guarded(date, (d) => `${shortDay.format(d)}, ${clock.format(d)}`);

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto', style: 'short' });

/** Whole days between two Lagos calendar days (yyyy-MM-dd). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * How long ago, for places where recency matters (messages, last seen, audit, devices): "just
 * now", "5 min. ago", "3 hr. ago" within a day, then "yesterday" and "3 days ago" by Lagos
 * calendar days, and the compact date from a week on (or for a date in the future).
 */
export const formatRelative = (date: DateInput, now: DateInput = Date.now()): string =>
  guarded(date, (d) => {
    const reference = instantOf(now);
    const seconds = Math.round((reference.getTime() - d.getTime()) / 1000);
    if (seconds < -60) return shortDay.format(d);
    if (seconds < 60) return 'just now';
    if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
    const days = daysBetween(lagosDate(d), lagosDate(reference));
    if (days === 0) return relative.format(-Math.floor(seconds / 3600), 'hour');
    if (days < 7) return relative.format(-days, 'day');
    return shortDay.format(d);
  });
