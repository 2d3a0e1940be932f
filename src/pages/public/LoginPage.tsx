import { useEffect, useState } from 'react';
import { Stack } from '@mui/material';
import {
  Form,
  PasswordInput,
  required,
  TextInput,
  useLogin,
  useNotify,
  useTranslate,
} from 'react-admin';
import { emailAddress } from '../../validation/emailAddress';
import { loginPath } from '../../authProvider';
import { useAppAuthProvider } from '../../authProvider/useAppAuthProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { PublicLayout, TextLink } from './PublicLayout';
import { SubmitButton } from './SubmitButton';

/** Shows why the last session ended (401/403 or a refused refresh), once, here on /login. */
function useSessionEndedNotice() {
  const authProvider = useAppAuthProvider();
  const notify = useNotify();
  useEffect(() => {
    const notice = authProvider.takeSessionNotice();
    if (notice) notify(notice, { type: 'error' });
  }, [authProvider, notify]);
}

/**
 * /login. useLogin returns the user to the page they were sent here from (react-admin keeps it in
 * the location state), or to '/', which takes a signed-in user to their area's dashboard.
 */
export const LoginPage = () => {
  const login = useLogin();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [loading, setLoading] = useState(false);
  useSessionEndedNotice();

  const submit = (values: { email?: string; password?: string }) => {
    setLoading(true);
    login({ email: values.email?.trim(), password: values.password })
      .catch(notifyError)
      .finally(() => setLoading(false));
  };

  return (
    <PublicLayout title="app.auth.login.title">
      <Form onSubmit={submit} noValidate>
        <TextInput
          source="email"
          type="email"
          label="app.auth.fields.email"
          autoComplete="email"
          validate={[required(), emailAddress]}
        />
        <PasswordInput
          source="password"
          label="app.auth.fields.password"
          autoComplete="current-password"
          validate={required()}
        />
        <SubmitButton label="app.auth.login.submit" loading={loading} />
      </Form>
      <Stack spacing={1} sx={{ mt: 2 }}>
        <TextLink to="/recoverpassword">{translate('app.auth.login.forgot_password')}</TextLink>
        <TextLink to="/signup">{translate('app.auth.login.no_account')}</TextLink>
        <TextLink to="/become-an-agent">{translate('app.agents.apply.link')}</TextLink>
      </Stack>
    </PublicLayout>
  );
};

LoginPage.path = loginPath;
