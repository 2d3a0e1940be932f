import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatCompactDate,
  formatCompactDateTime,
  formatDisplayDate,
  formatDisplayDateTime,
  formatRelative,
} from '../../src/formatting/dates';

describe('formatDisplayDate (spec §5: English (US) long format)', () => {
  it('writes the full month, the day and the year', () => {
    expect(formatDisplayDate('2025-01-05')).toBe('January 5, 2025');
    expect(formatDisplayDate('2024-12-31T12:00:00Z')).toBe('December 31, 2024');
  });

  it('writes a bare day as that day, and an invalid date as given', () => {
    expect(formatDisplayDate('2025-03-01')).toBe('March 1, 2025');
    expect(formatCompactDate('2025-03-01')).toBe('Mar 1, 2025');
    expect(formatDisplayDate('soon')).toBe('soon');
  });
});

describe('dates in Lagos time, whatever the machine’s zone', () => {
  // 23:30 UTC on December 31 is 00:30 on January 1 in Lagos (UTC+1, no daylight saving).
  const beforeMidnightUtc = '2024-12-31T23:30:00.000Z';

  it('crosses into the next day at midnight Lagos, not UTC', () => {
    expect(formatDisplayDate(beforeMidnightUtc)).toBe('January 1, 2025');
    expect(formatCompactDate(beforeMidnightUtc)).toBe('Jan 1, 2025');
    expect(formatCompactDate('2024-12-31T22:59:00.000Z')).toBe('Dec 31, 2024');
  });

  it('writes the Lagos clock time, compact in lists and long in titles', () => {
    expect(formatCompactDateTime(beforeMidnightUtc)).toBe('Jan 1, 2025, 12:30 AM');
    expect(formatDisplayDateTime('2025-01-05T13:30:00Z')).toBe('January 5, 2025 at 2:30 PM');
    expect(formatCompactDateTime(new Date(Date.UTC(2025, 0, 5, 13, 30)))).toBe(
      'Jan 5, 2025, 2:30 PM',
    );
  });
});

describe('formatRelative (where recency matters)', () => {
  const now = '2025-01-05T12:00:00Z'; // 1 PM in Lagos
  afterEach(() => vi.useRealTimers());

  it('counts minutes and hours within the day, then Lagos days, then gives the date', () => {
    expect(formatRelative('2025-01-05T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2025-01-05T11:55:00Z', now)).toBe('5 min. ago');
    expect(formatRelative('2025-01-05T09:00:00Z', now)).toBe('3 hr. ago');
    // 11:30 PM on the 4th in Lagos: yesterday, though under a day ago.
    expect(formatRelative('2025-01-04T22:30:00Z', now)).toBe('yesterday');
    // 00:30 on the 5th in Lagos (still the 4th in UTC): today.
    expect(formatRelative('2025-01-04T23:30:00Z', now)).toBe('12 hr. ago');
    expect(formatRelative('2025-01-02T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelative('2024-12-20T12:00:00Z', now)).toBe('Dec 20, 2024');
    expect(formatRelative('2025-02-01T12:00:00Z', now)).toBe('Feb 1, 2025');
  });

  it('measures from the present by default', () => {
    vi.useFakeTimers({ now: new Date(now) });
    expect(formatRelative('2025-01-05T10:00:00Z')).toBe('2 hr. ago');
  });
});
