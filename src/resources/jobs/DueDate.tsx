import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DateText } from '../../layout/DateText';
import { OverdueBadge } from './JobStatusChip';
import type { Job } from './types';

/** The due time with its overdue badge, or a dash while the job has no deadline. */
export const DueDate = ({ job }: { job: Pick<Job, 'due_at' | 'overdue'> }) => {
  const translate = useTranslate();
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
