import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import {
  Form,
  SaveButton,
  TextInput,
  required,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { TwoFactorSetup } from '../../../server/schemas/auth';
import { saveAccount } from '../../authProvider/session';
import type { AppDataProvider } from '../../dataProvider';
import { downloadFile } from '../../httpClient/downloadFile';
import { useNotifyError } from '../../httpClient/useNotifyError';

const accountKey = ['auth', 'me'];

/** The account as the server has it now, kept in the session too (menus, the policy switches). */
function useLiveAccount() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { refetch: refetchIdentity } = useGetIdentity();
  return useQuery({
    queryKey: accountKey,
    queryFn: async () => {
      const account = await dataProvider.getAccount();
      saveAccount(account);
      void refetchIdentity();
      return account;
    },
  });
}

/** A code field and its submit button, for enable and disable. */
const CodeForm = ({
  label,
  submitLabel,
  onCode,
}: {
  label: string;
  submitLabel: string;
  onCode: (code: string) => Promise<unknown>;
}) => (
  <Form
    onSubmit={(v: Record<string, unknown>) =>
      onCode(String(v.code ?? '').trim()).catch(() => undefined)
    }
    noValidate
  >
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextInput
        source="code"
        label={label}
        validate={required()}
        autoComplete="one-time-code"
        helperText={false}
      />
      <SaveButton label={submitLabel} icon={<></>} alwaysEnable sx={{ mt: 1 }} />
    </Stack>
  </Form>
);

/** The ten recovery codes, shown once after enabling, and the offer to sign out other devices. */
const RecoveryCodesDialog = ({ codes, onClose }: { codes: string[]; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const text = codes.join('\n');
  const endOthers = useMutation({
    mutationFn: () => dataProvider.endOtherSessions(),
    onSuccess: () => notify('app.two_factor.signed_out_others', { type: 'success' }),
    onError: notifyError,
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="recovery-codes-title">
      <DialogTitle id="recovery-codes-title">
        {translate('app.two_factor.recovery_title')}
      </DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.two_factor.recovery_note')}
        </Alert>
        <Box
          component="ul"
          aria-label={translate('app.two_factor.recovery_title')}
          sx={{ fontFamily: 'monospace', columns: 2, listStyle: 'none', p: 0, m: 0 }}
        >
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() => {
            void navigator.clipboard?.writeText(text);
            notify('app.two_factor.copied', { type: 'info' });
          }}
        >
          {translate('app.two_factor.copy')}
        </Button>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() =>
            downloadFile(new Blob([`${text}\n`], { type: 'text/plain' }), 'recovery-codes.txt')
          }
        >
          {translate('app.two_factor.download')}
        </Button>
        <Button
          onClick={() => endOthers.mutate()}
          disabled={endOthers.isPending || endOthers.isSuccess}
        >
          {translate('app.two_factor.sign_out_others')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('app.two_factor.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The secret of a setup: its QR code, the key as text, and the code that confirms it. */
const SetupStep = ({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const enable = (code: string) =>
    dataProvider.enableTwoFactor(code).then((r) => onEnabled(r.recovery_codes), notifyError);
  return (
    <Stack spacing={2}>
      <Typography>{translate('app.two_factor.scan')}</Typography>
      <Box sx={{ bgcolor: 'common.white', p: 1, alignSelf: 'flex-start' }}>
        <QRCodeSVG
          value={setup.otpauth_url}
          size={176}
          title={translate('app.two_factor.qr_label')}
          role="img"
          aria-label={translate('app.two_factor.qr_label')}
        />
      </Box>
      <TextField
        label={translate('app.two_factor.secret')}
        value={setup.secret}
        slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
      />
      <CodeForm label="app.two_factor.code" submitLabel="app.two_factor.enable" onCode={enable} />
    </Stack>
  );
};

/** Turning two-factor sign-in off asks for a current code (or a recovery code). */
const DisableDialog = ({
  onClose,
  onDisabled,
}: {
  onClose: () => void;
  onDisabled: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const disable = (code: string) =>
    dataProvider.disableTwoFactor(code).then(onDisabled, notifyError);
  return (
    <Dialog open onClose={onClose} aria-labelledby="disable-2fa-title">
      <DialogTitle id="disable-2fa-title">{translate('app.two_factor.disable_title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate('app.two_factor.disable_help')}</Typography>
        <CodeForm
          label="app.two_factor.disable_code"
          submitLabel="app.two_factor.disable"
          onCode={disable}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.two_factor.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/** Settings → Two-factor authentication: set up with an authenticator app, or turn it off. */
export const TwoFactorCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const account = useLiveAccount();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const setUp = useMutation({
    mutationFn: () => dataProvider.setUpTwoFactor(),
    onError: notifyError,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKey });
  const enabled = account.data?.two_factor_enabled === true;

  return (
    <Card sx={{ width: '100%' }}>
      <CardHeader title={translate('app.two_factor.title')} component="h2" />
      <CardContent>
        {account.data?.two_factor_setup_required && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('app.two_factor.required')}
          </Alert>
        )}
        {account.data && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(enabled ? 'app.two_factor.on' : 'app.two_factor.off')}
          </Typography>
        )}
        {!enabled && setUp.data && (
          <SetupStep
            setup={setUp.data}
            onEnabled={(codes) => {
              setUp.reset();
              setRecoveryCodes(codes);
              notify('app.two_factor.enabled', { type: 'success' });
              void refresh();
            }}
          />
        )}
      </CardContent>
      {account.data && (
        <CardActions>
          {enabled ? (
            <Button color="error" onClick={() => setDisabling(true)}>
              {translate('app.two_factor.disable')}
            </Button>
          ) : (
            !setUp.data && (
              <Button variant="contained" onClick={() => setUp.mutate()} disabled={setUp.isPending}>
                {translate('app.two_factor.set_up')}
              </Button>
            )
          )}
        </CardActions>
      )}
      {recoveryCodes && (
        <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
      )}
      {disabling && (
        <DisableDialog
          onClose={() => setDisabling(false)}
          onDisabled={() => {
            setDisabling(false);
            notify('app.two_factor.disabled', { type: 'success' });
            void refresh();
          }}
        />
      )}
    </Card>
  );
};
