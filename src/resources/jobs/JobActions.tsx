import { useState } from 'react';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { jobWireActions } from '../../../reference/jobStatuses';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { JobActionDialog, type ActionInput } from './JobActionDialog';
import type { AssignJobsState } from './AssignJobsButton';
import { useJobPaths } from './paths';
import type { JobAction, JobDetail } from './types';
import { useGoBack } from './useGoBack';

type DialogAction = Exclude<JobAction, 'assign'>;

const icons: Record<JobAction, React.ReactElement> = {
  assign: <AssignmentIndIcon />,
  accept: <CheckIcon />,
  decline: <CloseIcon />,
  approve: <ThumbUpIcon />,
  reject: <ThumbDownIcon />,
  cancel: <BlockIcon />,
};

/** Spec §8's toasts (app.notifications) and where each action leads afterwards. */
const outcome: Record<DialogAction, { toast: string; goBack: boolean }> = {
  accept: { toast: 'app.notifications.accepted', goBack: false },
  decline: { toast: 'app.notifications.rejected', goBack: false },
  approve: { toast: 'app.notifications.job_approved_or_rejected', goBack: true },
  reject: { toast: 'app.notifications.job_approved_or_rejected', goBack: true },
  cancel: { toast: 'app.jobs.actions.cancelled', goBack: false },
};

/**
 * The buttons of the actions the server allows this user on this job now (`job.actions`), each
 * confirmed in a small dialog asking for a reason (and a rating, to approve). Failures are shown
 * as toasts (spec §8), never only logged.
 */
export const JobActions = ({ job, onChanged }: { job: JobDetail; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const paths = useJobPaths();
  const goBack = useGoBack(paths.list);
  const [open, setOpen] = useState<DialogAction | null>(null);

  const mutation = useMutation({
    mutationFn: ({ action, input }: { action: DialogAction; input: ActionInput }) => {
      switch (action) {
        case 'accept':
          return dataProvider.acceptJob({ jobId: job.id, reason: input.reason });
        case 'decline':
          return dataProvider.rejectJob({ jobId: job.id, reason: input.reason });
        case 'approve':
        case 'reject':
          return dataProvider.reviewJob({
            id: job.id,
            decision: action,
            reason: input.reason,
            rating: input.rating,
          });
        case 'cancel':
          return dataProvider.cancelJob({ id: job.id, reason: input.reason });
      }
    },
    onSuccess: (_, { action }) => {
      setOpen(null);
      notify(outcome[action].toast, { type: 'success' });
      if (outcome[action].goBack) goBack();
      else onChanged();
    },
    onError: notifyError,
  });

  const allowed = jobWireActions.filter((action) => job.actions.includes(action));
  if (!allowed.length) return null;

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {allowed.map((action) => (
          <Button
            key={action}
            variant={action === 'cancel' ? 'outlined' : 'contained'}
            color={
              action === 'decline' || action === 'reject' || action === 'cancel'
                ? 'error'
                : 'primary'
            }
            startIcon={icons[action]}
            disabled={mutation.isPending}
            onClick={() => {
              if (action === 'assign') {
                const state: AssignJobsState = { jobIds: [job.id] };
                navigate(paths.assign, { state });
              } else setOpen(action);
            }}
          >
            {translate(`app.jobs.actions.${action}`)}
          </Button>
        ))}
      </Stack>
      {open ? (
        <JobActionDialog
          key={open}
          open
          title={translate(`app.jobs.actions.${open}_title`, { code: job.code })}
          withReason={open !== 'accept'}
          withRating={open === 'approve'}
          pending={mutation.isPending}
          onClose={() => setOpen(null)}
          onConfirm={(input) => mutation.mutate({ action: open, input })}
        />
      ) : null}
    </>
  );
};
