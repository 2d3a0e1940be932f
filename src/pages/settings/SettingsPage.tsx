import TuneIcon from '@mui/icons-material/Tune';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Avatar, Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { CanAccess, Loading, Title, useBasename, useTranslate } from 'react-admin';
import { fullName } from '../../authProvider/session';
import { useAccount } from '../../authProvider/useAccount';
import { Details } from '../../layout/Details';
import { EditProfileActions } from './EditProfileActions';
import { TatPage } from '../../resources/tats/TatPage';

/** Spec §2 "Settings screen": the account, the way to edit it, and the preferences card. */
export const SettingsPage = () => {
  const account = useAccount();
  const translate = useTranslate();
  const basename = useBasename();
  if (!account) return <Loading />;

  const details: Array<[string, string | undefined]> = [
    ['app.settings.full_name', fullName(account)],
    ['app.settings.user_code', account.uniqueCode],
    ['app.settings.email', account.email],
    ['app.settings.phone', account.phone ?? undefined],
    ['app.settings.company_name', account.company_name],
  ];

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mt: 2, alignItems: 'flex-start' }}
    >
      <Title title="app.settings.title" />
      <Card sx={{ flex: { md: 2 }, width: '100%' }}>
        <CardContent>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              mb: 2,
              p: 2,
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Avatar sx={{ width: 56, height: 56 }}>
              {account.first_name.charAt(0)}
              {account.last_name.charAt(0)}
            </Avatar>
            <Typography color="text.secondary">
              {translate('app.settings.change_profile_image')}
            </Typography>
          </Box>
          <Details
            items={details
              .filter(([, value]) => value)
              .map(([label, value]) => [translate(label), value])}
          />
        </CardContent>
        <EditProfileActions />
      </Card>
      <CanAccess resource="tats" action="list">
        <Card sx={{ flex: { md: 1 }, width: '100%' }}>
          <CardActionArea component={Link} to={`${basename}${TatPage.path}`}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <TuneIcon color="primary" />
                <Typography variant="h6" component="h2">
                  {translate('app.settings.set_preferences')}
                </Typography>
              </Stack>
              <Typography>
                {translate('app.settings.amount')} · {translate('app.settings.tat')}
              </Typography>
              <Typography color="text.secondary" variant="body2">
                {translate('app.settings.preferences_body')}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      </CanAccess>
      <CanAccess resource="webhooks" action="list">
        <Card sx={{ flex: { md: 1 }, width: '100%' }}>
          <CardActionArea component={Link} to={`${basename}/webhooks`}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <WebhookIcon color="primary" />
                <Typography variant="h6" component="h2">
                  {translate('app.webhooks.title')}
                </Typography>
              </Stack>
              <Typography color="text.secondary" variant="body2">
                {translate('app.webhooks.settings_body')}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      </CanAccess>
    </Stack>
  );
};

SettingsPage.path = '/settings';
