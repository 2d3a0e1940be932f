import { Box } from '@mui/material';
import {
  formatCompactDate,
  formatCompactDateTime,
  formatDisplayDate,
  formatDisplayDateTime,
  formatRelative,
  type DateInput,
} from '../formatting/dates';

const writers = {
  /** "Jan 5, 2025": lists. */
  date: formatCompactDate,
  /** "Jan 5, 2025, 2:30 PM": lists where the time matters. */
  datetime: formatCompactDateTime,
  /** "3 hr. ago": where recency matters. */
  relative: (d: DateInput) => formatRelative(d),
  /** "January 5, 2025": the spec's long format, for detail fields. */
  long: formatDisplayDate,
} as const;

/**
 * A date as a `<time>` element that never wraps, with the long date and time as its title (the
 * short forms lose nothing on hover or long-press). Writing goes through `formatting/dates`.
 */
export const DateText = ({
  value,
  variant = 'date',
}: {
  value: DateInput;
  variant?: keyof typeof writers;
}) => {
  const instant = new Date(typeof value === 'string' ? Date.parse(value) : value);
  return (
    <Box
      component="time"
      dateTime={Number.isNaN(instant.getTime()) ? undefined : instant.toISOString()}
      title={formatDisplayDateTime(value)}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {writers[variant](value)}
    </Box>
  );
};
