import { Box, Button, Stack, Step, StepLabel, Stepper } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Create,
  PasswordInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { matchesPassword } from '../../pages/public/validators';
import { useGoBack } from '../jobs/useGoBack';
import { useUserPaths } from './paths';
import { PermissionChoices } from './PermissionChoices';
import type { NewSubAdmin } from './types';

interface WizardValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  address?: string;
  permission?: string[];
}

const stepOneFields = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'confirm_password',
] as const;

/** Spec §3's payload: the confirmation stays in the browser. */
const toPayload = ({ confirm_password: _c, ...v }: WizardValues): NewSubAdmin => ({
  first_name: v.first_name.trim(),
  last_name: v.last_name.trim(),
  email: v.email.trim(),
  phone: v.phone.trim(),
  password: v.password,
  ...(v.address?.trim() ? { address: v.address.trim() } : {}),
  permission: v.permission ?? [],
});

/** Step 1's 'Save Changes': on to the permissions, unless the passwords differ (spec §5). */
const StepOneToolbar = ({ onNext }: { onNext: () => void }) => {
  const { getValues, trigger } = useFormContext<WizardValues>();
  const notify = useNotify();
  const translate = useTranslate();
  const next = async () => {
    const { password, confirm_password } = getValues();
    if (password !== confirm_password) {
      notify('app.validation.passwords_must_match', { type: 'warning' });
      await trigger('confirm_password');
      return;
    }
    if (await trigger([...stepOneFields])) onNext();
  };
  return (
    <Toolbar>
      <Button variant="contained" onClick={() => void next()}>
        {translate('app.users.save_changes')}
      </Button>
    </Toolbar>
  );
};

const StepTwoToolbar = ({ onBack }: { onBack: () => void }) => {
  const translate = useTranslate();
  return (
    <Toolbar>
      <Stack direction="row" spacing={2}>
        <Button onClick={onBack}>{translate('app.users.back')}</Button>
        <SaveButton label="app.users.create_user" alwaysEnable />
      </Stack>
    </Toolbar>
  );
};

/**
 * users/create (spec §2 "Create New Admin"), both areas: step 1 the person, step 2 the
 * permission checkboxes and CREATE USER. By an admin it makes a provider sub-admin, by a company a
 * sub-user of that company (the server decides from who asks).
 */
export const UserCreate = () => {
  const [step, setStep] = useState(0);
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const goBack = useGoBack(useUserPaths().list);
  return (
    <Create<NewSubAdmin>
      resource="users"
      title="app.users.create_title"
      transform={(values) => toPayload(values as unknown as WizardValues)}
      mutationOptions={{
        onSuccess: () => {
          notify('app.notifications.sub_admin_created', { type: 'success' });
          goBack();
        },
        onError: notifyError,
      }}
    >
      <Box sx={{ px: 2, pt: 2 }}>
        <Stepper activeStep={step}>
          <Step>
            <StepLabel>{translate('app.users.step_details')}</StepLabel>
          </Step>
          <Step>
            <StepLabel>{translate('app.users.step_permissions')}</StepLabel>
          </Step>
        </Stepper>
      </Box>
      <SimpleForm
        defaultValues={{ permission: [] }}
        toolbar={
          step === 0 ? (
            <StepOneToolbar onNext={() => setStep(1)} />
          ) : (
            <StepTwoToolbar onBack={() => setStep(0)} />
          )
        }
      >
        {step === 0 ? (
          <>
            <TextInput source="first_name" validate={required()} autoComplete="off" />
            <TextInput source="last_name" validate={required()} autoComplete="off" />
            <TextInput source="email" type="email" validate={[required(), email()]} />
            <TextInput source="phone" type="tel" validate={required()} />
            <PasswordInput source="password" validate={required()} autoComplete="new-password" />
            <PasswordInput
              source="confirm_password"
              validate={[required(), matchesPassword]}
              autoComplete="new-password"
            />
          </>
        ) : (
          <PermissionChoices source="permission" />
        )}
      </SimpleForm>
    </Create>
  );
};
