import { Alert, Stack, Typography } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PublicLayout, TextLink } from './PublicLayout';

/** /emailsuccessful: after sign-up, tells the user to confirm their email from the mail. */
export const EmailSuccessfulPage = () => {
  const translate = useTranslate();
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <PublicLayout title="app.auth.email_sent.title">
      <Stack spacing={2}>
        <Alert severity="success">
          {email
            ? translate('app.auth.email_sent.body_with_email', { email })
            : translate('app.auth.email_sent.body')}
        </Alert>
        <Typography color="text.secondary">{translate('app.auth.email_sent.spam_hint')}</Typography>
        <TextLink to="/login">{translate('app.auth.go_to_login')}</TextLink>
      </Stack>
    </PublicLayout>
  );
};

EmailSuccessfulPage.path = '/emailsuccessful';
