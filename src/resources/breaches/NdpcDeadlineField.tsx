import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDisplayDateTime } from '../../formatting/dates';
import { ndpcDeadlineOf } from './ndpcDeadline';
import type { Breach } from './types';

/** "Notify NDPC by … (in 14 h)", "Overdue by 3 h" in red, or "NDPC notified …". */
export const NdpcDeadlineField = ({ breach }: { breach: Breach }) => {
  const translate = useTranslate();
  const d = ndpcDeadlineOf(breach);
  switch (d.kind) {
    case 'notified':
      return (
        <Typography variant="body2">
          {translate('app.breaches.notified', { date: formatDisplayDateTime(d.at) })}
        </Typography>
      );
    case 'due':
      return (
        <Typography variant="body2" color="warning.main">
          {translate('app.breaches.notify_by', {
            date: formatDisplayDateTime(d.by),
            left: translate(d.hours < 1 ? 'app.breaches.within_hour' : 'app.breaches.in_hours', {
              hours: d.hours,
            }),
          })}
        </Typography>
      );
    case 'overdue':
      return (
        <Typography variant="body2" color="error" sx={{ fontWeight: 'bold' }}>
          {translate(d.hours < 1 ? 'app.breaches.overdue_now' : 'app.breaches.overdue', {
            hours: d.hours,
          })}
        </Typography>
      );
    default:
      return <Typography variant="body2">—</Typography>;
  }
};
