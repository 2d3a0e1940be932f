import { Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Form, PasswordInput, required, TextInput, useTranslate } from 'react-admin';
import { emailAddress } from '../../validation/emailAddress';
import type { SignupBody } from '../../authProvider/authApi';
import { useAppAuthProvider } from '../../authProvider/useAppAuthProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { EmailSuccessfulPage } from './EmailSuccessfulPage';
import { PublicLayout, TextLink } from './PublicLayout';
import { SubmitButton } from './SubmitButton';
import { nigerianPhone } from './nigerianPhone';
import { newPassword, passwordConfirmation } from './validators';

type SignupValues = Partial<Record<keyof SignupBody | 'confirm_password', string>>;

const toSignupBody = (values: SignupValues): SignupBody => {
  const companyName = values.company_name?.trim();
  return {
    first_name: values.first_name?.trim() ?? '',
    last_name: values.last_name?.trim() ?? '',
    email: values.email?.trim() ?? '',
    phone: values.phone?.trim() ?? '',
    password: values.password ?? '',
    ...(companyName ? { company_name: companyName } : {}),
  };
};

/** /signup (and /): creates an account, then says a confirmation mail was sent. */
export const SignupPage = () => {
  const authProvider = useAppAuthProvider();
  const navigate = useNavigate();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const signup = useMutation({
    mutationFn: (body: SignupBody) => authProvider.signup(body),
    onSuccess: (_answer, body) =>
      navigate(EmailSuccessfulPage.path, { state: { email: body.email } }),
    onError: notifyError,
  });

  return (
    <PublicLayout title="app.auth.signup.title">
      <Form onSubmit={(values: SignupValues) => signup.mutate(toSignupBody(values))} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <TextInput
            source="first_name"
            label="app.auth.fields.first_name"
            autoComplete="given-name"
            validate={required()}
          />
          <TextInput
            source="last_name"
            label="app.auth.fields.last_name"
            autoComplete="family-name"
            validate={required()}
          />
        </Stack>
        <TextInput
          source="email"
          type="email"
          label="app.auth.fields.email"
          autoComplete="email"
          validate={[required(), emailAddress]}
        />
        <TextInput
          source="phone"
          type="tel"
          label="app.auth.fields.phone"
          autoComplete="tel"
          helperText="app.auth.signup.phone_hint"
          validate={[required(), nigerianPhone]}
        />
        <TextInput
          source="company_name"
          label="app.auth.fields.company_name"
          autoComplete="organization"
        />
        <PasswordInput
          source="password"
          label="app.auth.fields.password"
          autoComplete="new-password"
          helperText="app.auth.signup.password_hint"
          validate={newPassword}
        />
        <PasswordInput
          source="confirm_password"
          label="app.auth.fields.confirm_password"
          autoComplete="new-password"
          validate={passwordConfirmation}
        />
        <SubmitButton label="app.auth.signup.submit" loading={signup.isPending} />
      </Form>
      <Stack sx={{ mt: 2 }}>
        <TextLink to="/login">{translate('app.auth.signup.have_account')}</TextLink>
      </Stack>
    </PublicLayout>
  );
};
