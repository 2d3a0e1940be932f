import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { JobStatus } from './types';

const colors: Record<JobStatus, ChipProps['color']> = {
  pending: 'default',
  assigned: 'info',
  accepted: 'primary',
  declined: 'warning',
  submitted: 'secondary',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
};

/** A job's status as a coloured chip, with its English label. */
export const JobStatusChip = ({ status }: { status: JobStatus }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={colors[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={translate(`app.jobs.status.${status}`)}
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
