import { Alert, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Form, required, TextInput, useTranslate } from 'react-admin';
import { emailAddress } from '../../validation/emailAddress';
import { useAppAuthProvider } from '../../authProvider/useAppAuthProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { PublicLayout, TextLink } from './PublicLayout';
import { SubmitButton } from './SubmitButton';

/** /recoverpassword: mails a link to set a new password (the answer never says if the email exists). */
export const RecoverPasswordPage = () => {
  const authProvider = useAppAuthProvider();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const recovery = useMutation({
    mutationFn: (address: string) => authProvider.recoverPassword(address),
    onError: notifyError,
  });

  return (
    <PublicLayout title="app.auth.recover_password.title">
      {recovery.isSuccess ? (
        <Alert severity="success">
          {translate('app.auth.recover_password.sent', { email: recovery.variables })}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.auth.recover_password.intro')}
          </Typography>
          <Form
            onSubmit={(values: { email?: string }) => recovery.mutate(values.email?.trim() ?? '')}
            noValidate
          >
            <TextInput
              source="email"
              type="email"
              label="app.auth.fields.email"
              autoComplete="email"
              validate={[required(), emailAddress]}
            />
            <SubmitButton label="app.auth.recover_password.submit" loading={recovery.isPending} />
          </Form>
        </>
      )}
      <Stack sx={{ mt: 2 }}>
        <TextLink to="/login">{translate('app.auth.back_to_login')}</TextLink>
      </Stack>
    </PublicLayout>
  );
};

RecoverPasswordPage.path = '/recoverpassword';
