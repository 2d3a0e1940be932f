import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { jobStatusColors, jobStatusTextColor } from './statusColors';
import type { JobStatus } from './types';

/** A job's status as a chip of its colour (the dashboard's charts use the same), with its label. */
export const JobStatusChip = ({ status }: { status: JobStatus }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`app.jobs.status.${status}`)}
      sx={{ bgcolor: jobStatusColors[status], color: jobStatusTextColor }}
    />
  );
};

/** The red "Overdue" badge of a job past its due time and not yet submitted. */
export const OverdueBadge = () => {
  const translate = useTranslate();
  return (
    <Chip size="small" color="error" variant="outlined" label={translate('app.jobs.overdue')} />
  );
};
