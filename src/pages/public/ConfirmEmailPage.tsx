import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useAppAuthProvider } from '../../authProvider/useAppAuthProvider';
import { errorMessages } from '../../httpClient/errorMessages';
import { PublicLayout, TextLink } from './PublicLayout';

/** Sends the mailed token once per page load, however often the page renders or remounts. */
function useConfirmEmail(token: string) {
  const authProvider = useAppAuthProvider();
  return useQuery({
    queryKey: ['auth', 'confirmEmail', token],
    queryFn: () => authProvider.confirmEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** /confirmemail?token=…: confirms the email, then points to /login, or shows why it failed. */
export const ConfirmEmailPage = () => {
  const translate = useTranslate();
  const token = useSearchParams()[0].get('token') ?? '';
  const confirmation = useConfirmEmail(token);

  let content;
  if (!token) {
    content = <Alert severity="error">{translate('app.auth.confirm_email.missing_token')}</Alert>;
  } else if (confirmation.isError) {
    content = (
      <Alert severity="error">
        {translate('app.auth.confirm_email.failed')}{' '}
        {errorMessages(confirmation.error)
          .map((message) => translate(message))
          .join(' ')}
      </Alert>
    );
  } else if (confirmation.isSuccess) {
    content = <Alert severity="success">{translate('app.auth.confirm_email.done')}</Alert>;
  } else {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} />
        <Typography>{translate('app.auth.confirm_email.pending')}</Typography>
      </Stack>
    );
  }

  return (
    <PublicLayout title="app.auth.confirm_email.title">
      <Stack spacing={2}>
        {content}
        <TextLink to="/login">{translate('app.auth.go_to_login')}</TextLink>
      </Stack>
    </PublicLayout>
  );
};

ConfirmEmailPage.path = '/confirmemail';
