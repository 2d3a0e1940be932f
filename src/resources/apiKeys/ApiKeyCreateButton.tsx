import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import {
  AutocompleteInput,
  CreateBase,
  Form,
  SaveButton,
  TextInput,
  maxLength,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { defaultKeyLabels } from '../../../reference/permissions';
import { useAccount } from '../../authProvider/useAccount';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { copyText, selectAll } from '../../layout/copyText';
import { useOwnerCompanyChoices } from '../companies/useOwnerCompanies';
import { PermissionChoices } from '../users/PermissionChoices';
import type { CreatedApiKey, NewApiKey } from './types';

const validateName = [required(), maxLength(100)];

/** The provider's staff name the company a key is for. */
const CompanyInput = () => {
  const { choices, isPending } = useOwnerCompanyChoices();
  return (
    <AutocompleteInput
      source="company_id"
      label="resources.api-keys.fields.company_name"
      choices={choices}
      isPending={isPending}
      validate={required()}
    />
  );
};

/** The key, once: with a copy button and the warning that it will not be shown again. */
const CreatedKey = ({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    if (await copyText(created.key)) notify('app.api_keys.copied', { type: 'info' });
    else notify('app.api_keys.copy_failed', { type: 'warning' });
  };
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{translate('app.api_keys.shown_once')}</Alert>
          <TextField
            value={created.key}
            label={translate('app.api_keys.key_label', { name: created.name })}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, onFocus: selectAll } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate('app.api_keys.copy')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('app.api_keys.done')}
        </Button>
      </DialogActions>
    </>
  );
};

/**
 * Settings → API keys → Create: a name and the labels the key carries (only those the user holds,
 * the job endpoints' ones ticked); the provider's staff also pick the company. The answer's key
 * is shown in the dialog this once and kept nowhere else.
 */
export const ApiKeyCreateButton = () => {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const account = useAccount();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setOpen(false);
    setCreated(null);
  };
  const defaults = {
    name: '',
    permission: account ? defaultKeyLabels(account) : [],
  };
  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.api_keys.create')}
      </Button>
      <Dialog open={open} onClose={created ? undefined : close} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.api_keys.create_title')}</DialogTitle>
        {created ? (
          <CreatedKey created={created} onDone={close} />
        ) : (
          <CreateBase<NewApiKey, CreatedApiKey>
            resource="api-keys"
            redirect={false}
            transform={(v: NewApiKey) => ({ ...v, name: v.name.trim() })}
            mutationOptions={{
              onSuccess: (answer: CreatedApiKey) => setCreated(answer),
              onError: notifyError,
            }}
          >
            <Form defaultValues={defaults}>
              <DialogContent>
                <TextInput
                  source="name"
                  validate={validateName}
                  helperText="app.api_keys.name_help"
                  autoFocus
                />
                {account?.area === 'admin' ? <CompanyInput /> : null}
                <PermissionChoices
                  source="permission"
                  label="resources.api-keys.fields.permission"
                />
              </DialogContent>
              <DialogActions>
                <Button onClick={close}>{translate('ra.action.cancel')}</Button>
                <SaveButton label="app.api_keys.create" />
              </DialogActions>
            </Form>
          </CreateBase>
        )}
      </Dialog>
    </>
  );
};
