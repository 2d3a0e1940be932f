import { useEffect, useState } from 'react';
import { Link, Stack, Typography } from '@mui/material';
import {
  Form,
  PasswordInput,
  regex,
  required,
  TextInput,
  useLogin,
  useNotify,
  useTranslate,
} from 'react-admin';
import { emailAddress } from '../../validation/emailAddress';
import { loginPath } from '../../authProvider';
import { TwoFactorRequired } from '../../authProvider/authProvider';
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

const sixDigits = regex(/^\s*\d{6}\s*$/, 'app.two_factor.code_help');

/**
 * The second step of a sign-in with two-factor on: a code from the authenticator app, or a
 * recovery code, with the ticket the password earned.
 */
const TwoFactorStep = ({ ticket, onBack }: { ticket: string; onBack: () => void }) => {
  const login = useLogin();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [loading, setLoading] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const submit = (values: { code?: string }) => {
    setLoading(true);
    login({ ticket, code: values.code?.trim() ?? '' })
      .catch(notifyError)
      .finally(() => setLoading(false));
  };
  return (
    <PublicLayout title="app.two_factor.login_title">
      <Typography sx={{ mb: 2 }}>
        {translate(recovery ? 'app.two_factor.login_recovery_help' : 'app.two_factor.login_help')}
      </Typography>
      <Form key={recovery ? 'recovery' : 'code'} onSubmit={submit} noValidate>
        {recovery ? (
          <TextInput
            source="code"
            label="app.two_factor.recovery_code"
            autoComplete="off"
            validate={required()}
          />
        ) : (
          <TextInput
            source="code"
            label="app.two_factor.code"
            autoComplete="one-time-code"
            validate={[required(), sixDigits]}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        )}
        <SubmitButton label="app.two_factor.verify" loading={loading} />
      </Form>
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Link component="button" type="button" onClick={() => setRecovery(!recovery)}>
          {translate(recovery ? 'app.two_factor.use_code' : 'app.two_factor.use_recovery')}
        </Link>
        <Link component="button" type="button" onClick={onBack}>
          {translate('app.two_factor.back_to_login')}
        </Link>
      </Stack>
    </PublicLayout>
  );
};

/**
 * /login. useLogin returns the user to the page they were sent here from (react-admin keeps it in
 * the location state), or to '/', which takes a signed-in user to their area's dashboard.
 */
export const LoginPage = () => {
  const login = useLogin();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [loading, setLoading] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);
  useSessionEndedNotice();

  const submit = (values: { email?: string; password?: string }) => {
    setLoading(true);
    login({ email: values.email?.trim(), password: values.password })
      .catch((error: unknown) =>
        error instanceof TwoFactorRequired ? setTicket(error.ticket) : notifyError(error),
      )
      .finally(() => setLoading(false));
  };

  if (ticket) return <TwoFactorStep ticket={ticket} onBack={() => setTicket(null)} />;

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
