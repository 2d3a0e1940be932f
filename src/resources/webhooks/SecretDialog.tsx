import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** The signing secret, shown once (after creating or rotating), with a copy button. */
export const SecretDialog = ({
  secret,
  onClose,
}: {
  secret: string | null;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open={secret !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('app.webhooks.secret_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.webhooks.secret_once')}
        </Alert>
        <TextField
          label={translate('app.webhooks.secret')}
          value={secret ?? ''}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() => {
            void navigator.clipboard?.writeText(secret ?? '');
            notify('app.webhooks.copied', { type: 'info' });
          }}
        >
          {translate('app.webhooks.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('app.webhooks.secret_kept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
