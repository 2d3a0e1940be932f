import { Rating, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * An average rating out of 5 (spec §9) as stars and its figure, or "No ratings yet": reviewers
 * rate from 1 to 5, so the API's 0 means nobody has rated yet, not a bad rating.
 */
export const AverageRating = ({
  value,
  stars = true,
  size = 'small',
}: {
  value: number;
  /** false: the figure alone (a list's column). */
  stars?: boolean;
  size?: 'small' | 'medium';
}) => {
  const translate = useTranslate();
  if (!(value > 0)) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('app.agents.no_ratings')}
      </Typography>
    );
  }
  const label = translate('app.agents.rating_of', { rating: value.toFixed(1) });
  if (!stars) {
    return (
      <Typography variant="body2" component="span" aria-label={label}>
        {value.toFixed(1)}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} component="span">
      <Rating value={value} max={5} precision={0.1} readOnly size={size} aria-label={label} />
      <Typography variant="body2" component="span" aria-hidden>
        {value.toFixed(1)}
      </Typography>
    </Stack>
  );
};
