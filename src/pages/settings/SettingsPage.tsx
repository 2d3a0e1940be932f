import KeyIcon from '@mui/icons-material/Key';
import TuneIcon from '@mui/icons-material/Tune';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Avatar, Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CanAccess, Loading, Title, useBasename, useTranslate } from 'react-admin';
import { fullName } from '../../authProvider/session';
import { useAccount } from '../../authProvider/useAccount';
import { Details } from '../../layout/Details';
import { EditProfileActions } from './EditProfileActions';
import { SignedInDevicesCard } from './SignedInDevicesCard';
import { TatPage } from '../../resources/tats/TatPage';
import { TwoFactorCard } from './TwoFactorCard';
import { TwoFactorPolicyCard } from './TwoFactorPolicyCard';

/** A card of the settings screen leading to another page, for whoever may list `resource`. */
const SettingsLinkCard = ({
  resource,
  to,
  icon,
  title,
  body,
  children,
}: {
  resource: string;
  to: string;
  icon: ReactNode;
  title: string;
  body: string;
  children?: ReactNode;
}) => (
  <CanAccess resource={resource} action="list">
    <Card sx={{ width: '100%' }}>
      <CardActionArea component={Link} to={to}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            {icon}
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
          </Stack>
          {children}
          <Typography color="text.secondary" variant="body2">
            {body}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  </CanAccess>
);

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
      <Stack spacing={2} sx={{ flex: { md: 1 }, width: '100%' }}>
        <TwoFactorCard />
        <TwoFactorPolicyCard account={account} />
        <SettingsLinkCard
          resource="tats"
          to={`${basename}${TatPage.path}`}
          icon={<TuneIcon color="primary" />}
          title={translate('app.settings.set_preferences')}
          body={translate('app.settings.preferences_body')}
        >
          <Typography>
            {translate('app.settings.amount')} · {translate('app.settings.tat')}
          </Typography>
        </SettingsLinkCard>
        <SettingsLinkCard
          resource="api-keys"
          to={`${basename}/api-keys`}
          icon={<KeyIcon color="primary" />}
          title={translate('app.api_keys.title')}
          body={translate('app.api_keys.settings_body')}
        />
        <SettingsLinkCard
          resource="webhooks"
          to={`${basename}/webhooks`}
          icon={<WebhookIcon color="primary" />}
          title={translate('app.webhooks.title')}
          body={translate('app.webhooks.settings_body')}
        />
        <SignedInDevicesCard />
      </Stack>
    </Stack>
  );
};

SettingsPage.path = '/settings';
