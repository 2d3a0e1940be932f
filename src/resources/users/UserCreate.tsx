import { Box, Button, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Create,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { emailAddress } from '../../validation/emailAddress';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { useGoBack } from '../jobs/useGoBack';
import { useUserPaths } from './paths';
import { PermissionChoices } from './PermissionChoices';
import type { NewSubAdmin } from './types';

/** The invitation as the wizard's form holds it: the permissions are chosen on its last step. */
type WizardValues = Omit<NewSubAdmin, 'permission'> & Partial<Pick<NewSubAdmin, 'permission'>>;

const stepOneFields = ['first_name', 'last_name', 'email', 'phone'] as const;

/** Spec §3's payload without the password: the invited user chooses it from the mailed link. */
const toPayload = (v: WizardValues): NewSubAdmin => ({
  first_name: v.first_name.trim(),
  last_name: v.last_name.trim(),
  email: v.email.trim(),
  phone: v.phone.trim(),
  ...(v.address?.trim() ? { address: v.address.trim() } : {}),
  permission: v.permission ?? [],
});

/** Step 1's 'Save Changes': on to the permissions once the person's fields are valid. */
const StepOneToolbar = ({ onNext }: { onNext: () => void }) => {
  const { trigger } = useFormContext<WizardValues>();
  const translate = useTranslate();
  const next = async () => {
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
 * permission checkboxes and CREATE USER. By an admin it invites a provider sub-admin, by a
 * company a sub-user of that company (the server decides from who asks). Spec §2's password and
 * confirmation fields are left out: the creator never chooses or sees another person's password;
 * the invited user gets a mailed link and chooses their own.
 */
export const UserCreate = () => {
  const [step, setStep] = useState(0);
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const paths = useUserPaths();
  const goBack = useGoBack(paths.list);
  return (
    <Create<NewSubAdmin>
      resource="users"
      title={paths.area === 'company' ? 'app.users.add_staff_title' : 'app.users.create_title'}
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
            <TextInput source="email" type="email" validate={[required(), emailAddress]} />
            <TextInput source="phone" type="tel" validate={required()} />
            <Typography variant="body2" color="text.secondary">
              {translate('app.users.password_by_mail')}
            </Typography>
          </>
        ) : (
          <PermissionChoices source="permission" />
        )}
      </SimpleForm>
    </Create>
  );
};
