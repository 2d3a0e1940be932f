import { Card, CardContent, CardHeader, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  CanAccess,
  Form,
  Loading,
  PasswordInput,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  required,
  useDataProvider,
  useGetIdentity,
  useInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { saveAccount, type Account } from '../../authProvider/session';
import { useAccount } from '../../authProvider/useAccount';
import type { AppDataProvider } from '../../dataProvider';
import type { ProfileChange } from '../../resources/users/dataProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { stateChoices } from '../../resources/jobs/JobFilters';
import { newPassword, passwordConfirmation } from '../public/validators';
import { BankDetailsCard } from './BankDetailsCard';
import { ProfilePictureCard } from './ProfilePictureCard';

/** Keeps the account the server answered and shows it everywhere (menu, settings). */
function useAccountSaved() {
  const { refetch } = useGetIdentity();
  const notify = useNotify();
  return (account: Account) => {
    saveAccount(account);
    void refetch();
    notify('app.notifications.profile_edited', { type: 'success' });
  };
}

const DetailsCard = ({ account }: { account: Account }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const saved = useAccountSaved();
  const notifyError = useNotifyError();
  // Company heads also edit their company; the server refuses it from anyone else.
  const head = account.role === 'company';
  const { mutateAsync } = useMutation({
    mutationFn: (change: ProfileChange) => dataProvider.updateProfile(change),
    onSuccess: saved,
    onError: notifyError,
  });
  const save = async (v: Record<string, unknown>) => {
    const text = (k: string) => String(v[k] ?? '').trim();
    await mutateAsync({
      first_name: text('first_name'),
      last_name: text('last_name'),
      phone: text('phone'),
      address: text('address'),
      ...(head
        ? {
            company_name: text('company_name') || undefined,
            company_state: text('company_state') || undefined,
            company_address: text('company_address') || undefined,
          }
        : {}),
    }).catch(() => undefined);
  };
  return (
    <Card>
      <CardHeader title={translate('app.profile.details')} />
      <CardContent>
        <Form record={account} onSubmit={save}>
          <Stack sx={{ maxWidth: 560 }}>
            <TextInput
              source="first_name"
              label="resources.users.fields.first_name"
              validate={required()}
            />
            <TextInput
              source="last_name"
              label="resources.users.fields.last_name"
              validate={required()}
            />
            <TextInput source="phone" label="resources.users.fields.phone" validate={required()} />
            <TextInput source="address" label="resources.users.fields.address" />
            {head && (
              <>
                <TextInput source="company_name" label="app.profile.company_name" />
                <SelectInput
                  source="company_state"
                  label="app.profile.company_state"
                  choices={stateChoices}
                />
                <TextInput source="company_address" label="app.profile.company_address" />
              </>
            )}
            <SaveButton label="app.profile.save" />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
};

/** A checkbox of the form (react-admin's BooleanInput is a switch). */
const CheckboxInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { field } = useInput({ source });
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          name={field.name}
        />
      }
      label={translate(label)}
    />
  );
};

const PasswordCard = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const change = async (v: Record<string, unknown>) => {
    try {
      const endOthers = v.end_other_sessions !== false;
      await dataProvider.changePassword({
        current_password: String(v.current_password ?? ''),
        new_password: String(v.password ?? ''),
        end_other_sessions: endOthers,
      });
      notify(endOthers ? 'app.profile.password_changed' : 'app.profile.password_changed_only', {
        type: 'success',
      });
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Card>
      <CardHeader title={translate('app.profile.password')} />
      <CardContent>
        <Form onSubmit={change} defaultValues={{ end_other_sessions: true }}>
          <Stack sx={{ maxWidth: 560 }}>
            <PasswordInput
              source="current_password"
              label="app.profile.current_password"
              validate={required()}
              autoComplete="current-password"
            />
            <PasswordInput
              source="password"
              label="app.profile.new_password"
              validate={newPassword}
              autoComplete="new-password"
            />
            <PasswordInput
              source="confirm_password"
              label="app.profile.confirm_password"
              validate={passwordConfirmation}
              autoComplete="new-password"
            />
            <CheckboxInput source="end_other_sessions" label="app.profile.end_other_sessions" />
            <SaveButton label="app.profile.change_password" />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
};

/**
 * settings/profile (Edit Profile): details, profile picture and password of the signed-in user,
 * and for a company's owner the bank account its earnings are paid into. Its route holds it behind
 * settings.edit (AreaAdmin.tsx).
 */
export const ProfilePage = () => {
  const account = useAccount();
  const saved = useAccountSaved();
  if (!account) return <Loading />;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="app.settings.profile_title" />
      <ProfilePictureCard account={account} onSaved={saved} />
      <DetailsCard account={account} />
      <CanAccess resource="settings" action="bank_details">
        <BankDetailsCard />
      </CanAccess>
      <PasswordCard />
    </Stack>
  );
};

ProfilePage.path = '/settings/profile';
