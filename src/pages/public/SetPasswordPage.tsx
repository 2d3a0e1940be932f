import { Alert, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Form, PasswordInput, useNotify, useTranslate } from 'react-admin';
import { useAppAuthProvider } from '../../authProvider/useAppAuthProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { LoginPage } from './LoginPage';
import { PublicLayout, TextLink } from './PublicLayout';
import { SubmitButton } from './SubmitButton';
import { newPassword, passwordConfirmation } from './validators';

/** /setpassword?token=…: the mailed reset (or invitation) link; then on to /login. */
export const SetPasswordPage = () => {
  const authProvider = useAppAuthProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const setPassword = useMutation({
    mutationFn: (password: string) => authProvider.setPassword({ token, password }),
    onSuccess: () => {
      notify('app.auth.set_password.done', { type: 'success' });
      navigate(LoginPage.path);
    },
    onError: notifyError,
  });

  return (
    <PublicLayout title="app.auth.set_password.title">
      {token ? (
        <Form
          onSubmit={(values: { password?: string }) => setPassword.mutate(values.password ?? '')}
          noValidate
        >
          <PasswordInput
            source="password"
            label="app.auth.fields.new_password"
            autoComplete="new-password"
            validate={newPassword}
          />
          <PasswordInput
            source="confirm_password"
            label="app.auth.fields.confirm_password"
            autoComplete="new-password"
            validate={passwordConfirmation}
          />
          <SubmitButton label="app.auth.set_password.submit" loading={setPassword.isPending} />
        </Form>
      ) : (
        <Alert severity="error">{translate('app.auth.set_password.missing_token')}</Alert>
      )}
      <Stack spacing={1} sx={{ mt: 2 }}>
        {token ? null : (
          <TextLink to="/recoverpassword">{translate('app.auth.recover_password.title')}</TextLink>
        )}
        <TextLink to={LoginPage.path}>{translate('app.auth.back_to_login')}</TextLink>
      </Stack>
    </PublicLayout>
  );
};

SetPasswordPage.path = '/setpassword';
