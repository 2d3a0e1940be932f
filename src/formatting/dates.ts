import { format, parseISO } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

/**
 * Dates as the app shows them (spec §5): English (US) long format, e.g. "January 5, 2025".
 * Strings are read as ISO dates; a bare "2025-01-05" is that day wherever the browser is.
 */
export const formatDisplayDate = (date: Date | number | string): string =>
  format(typeof date === 'string' ? parseISO(date) : date, 'MMMM d, yyyy', { locale: enUS });

/** A moment with its time of day, e.g. "January 5, 2025 at 2:30 PM" (due times, history). */
export const formatDisplayDateTime = (date: Date | number | string): string =>
  format(typeof date === 'string' ? parseISO(date) : date, "MMMM d, yyyy 'at' h:mm a", {
    locale: enUS,
  });
