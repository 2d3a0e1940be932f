import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../../src/formatting/dates';

describe('formatDisplayDate (spec §5: English (US) long format)', () => {
  it('writes the full month, the day and the year', () => {
    expect(formatDisplayDate('2025-01-05')).toBe('January 5, 2025');
    expect(formatDisplayDate(new Date(2024, 11, 31, 23, 59))).toBe('December 31, 2024');
  });
});
