import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { hasDeadline } from '../../../reference/jobStatuses';
import { DateText } from '../../layout/DateText';
import { OverdueBadge } from './JobStatusChip';
import type { Job } from './types';

/**
 * The due time with its overdue badge; "Not set" while the job has no deadline yet, and a dash
 * once it has none any more (declined or cancelled: nobody is working towards it).
 */
export const DueDate = ({ job }: { job: Pick<Job, 'due_at' | 'overdue' | 'status'> }) => {
  const translate = useTranslate();
  if (!hasDeadline(job.status)) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        —
      </Typography>
    );
  }
  if (!job.due_at) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('app.jobs.not_set')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Typography variant="body2" component="span">
        <DateText value={job.due_at} variant="datetime" />
      </Typography>
      {job.overdue ? <OverdueBadge /> : null}
    </Stack>
  );
};
