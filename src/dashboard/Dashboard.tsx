import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Loading, Title, useBasename, useTranslate } from 'react-admin';
import { fullName } from '../authProvider/session';
import { useAccount } from '../authProvider/useAccount';
import { formatDisplayDate } from '../formatting/dates';

/**
 * The landing page of both areas. For now a welcome and the places to go next; the job counts
 * of the next issues take the middle card.
 */
export const Dashboard = () => {
  const account = useAccount();
  const translate = useTranslate();
  const basename = useBasename();
  if (!account) return <Loading />;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="app.dashboard.title" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('app.dashboard.welcome', { name: fullName(account) })}
          </Typography>
          <Typography color="text.secondary">
            {translate('app.dashboard.signed_in_as', {
              role: translate(`app.roles.${account.role}`),
            })}
            {account.company_name ? ` · ${account.company_name}` : null}
          </Typography>
          <Typography color="text.secondary">
            {translate('app.dashboard.today', { date: formatDisplayDate(new Date()) })}
          </Typography>
        </CardContent>
      </Card>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card sx={{ flex: { md: 1 } }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('app.dashboard.jobs_title')}
            </Typography>
            <Typography color="text.secondary">
              {translate('app.dashboard.jobs_placeholder')}
            </Typography>
          </CardContent>
        </Card>
        <Card sx={{ flex: { md: 1 } }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('app.dashboard.preferences_title')}
            </Typography>
            <Typography color="text.secondary">
              {translate('app.dashboard.preferences_body')}
            </Typography>
          </CardContent>
          <CardActions>
            <Button component={Link} to={`${basename}/settings/set-amount`}>
              {translate('app.settings.set_preferences')}
            </Button>
          </CardActions>
        </Card>
      </Stack>
    </Stack>
  );
};

Dashboard.path = '/dashboard';
