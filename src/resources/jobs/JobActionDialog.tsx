import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Rating,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ActionInput {
  reason?: string;
  rating?: number | null;
}

/**
 * The small dialog an action opens: a title, an optional reason and, to approve, a 5-star rating
 * of the assignee (spec §9: rating out of 5). Confirm hands what was typed to `onConfirm`.
 */
export const JobActionDialog = ({
  open,
  title,
  withReason,
  withRating,
  pending,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  withReason: boolean;
  withRating: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: (input: ActionInput) => void;
}) => {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="job-action-title"
    >
      <DialogTitle id="job-action-title">{title}</DialogTitle>
      <DialogContent>
        {withRating ? (
          <Box sx={{ mb: 2 }}>
            <Typography component="legend" variant="body2" color="text.secondary">
              {translate('app.jobs.actions.rating')}
            </Typography>
            <Rating
              name="rating"
              max={5}
              value={rating}
              onChange={(_, value) => setRating(value)}
            />
          </Box>
        ) : null}
        {withReason ? (
          <TextField
            label={translate('app.jobs.actions.reason_optional')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {translate('app.jobs.actions.close')}
        </Button>
        <Button
          variant="contained"
          onClick={() => onConfirm({ reason, rating })}
          disabled={pending}
        >
          {translate('app.jobs.actions.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
