/**
 * Nigeria's time, the one the office lives in: West Africa Time, UTC+1 all year (no daylight
 * saving). Its days bound the date filters, the per-day counts and the exports' clock times.
 */
export const lagosOffsetMs = 3_600_000;

/** The same offset for PostgreSQL's `AT TIME ZONE` (an interval: no time zone database needed). */
export const lagosOffsetSql = "INTERVAL '+01:00'";

/** The IANA name, for `Intl` date formatting. */
export const lagosTimeZone = 'Africa/Lagos';

/** The instant shifted so that its UTC fields read the Lagos wall clock. */
export const lagosWallClock = (instant: Date | number) => new Date(+instant + lagosOffsetMs);

/** The Lagos day (yyyy-MM-dd) of an instant, now by default. */
export const lagosDate = (instant: Date | number = Date.now()) =>
  lagosWallClock(instant).toISOString().slice(0, 10);

/** Midnight starting a Lagos day (yyyy-MM-dd) as an instant; an invalid Date for another text. */
export const startOfLagosDay = (day: string) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() - lagosOffsetMs);
