import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { formatNaira } from '../../formatting/money';
import type { Assignee } from '../jobs/types';
import type { PayeeType } from '../transactions/types';
import { useWallet } from '../transactions/useWallet';
import { usePayOut } from './usePayOut';

/**
 * Pays out one agent or one partner company: pick them (`GET /job/fetch-assignees/{type}`), see
 * their earnings available for payout, pay it out. A partner needs bank details first.
 */
export const PayOutCard = ({ payee }: { payee: PayeeType }) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.money.payouts.${key}`, options);
  const [id, setId] = useState('');
  const field = payee === 'agent' ? 'agent_id' : 'company_id';
  const payees = useGetList<Assignee>('assignees', { filter: { type: payee } });
  const wallet = useWallet({ [field]: id }, { enabled: !!id });
  const payOut = usePayOut();
  const available = wallet.data?.available ?? 0;
  const noBankAccount = payee === 'company' && wallet.data?.bank_account === null;
  const titleId = `pay-out-${payee}-title`;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {t(payee === 'agent' ? 'pay_one' : 'pay_partner')}
        </Typography>
        <TextField
          select
          fullWidth
          label={t(payee === 'agent' ? 'agent' : 'partner')}
          value={payees.data?.some((a) => a.id === id) ? id : ''}
          onChange={(event) => setId(event.target.value)}
        >
          {(payees.data ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        {id && wallet.data ? (
          <Typography sx={{ mt: 2 }}>
            {t('available', { amount: formatNaira(wallet.data.available) })}
          </Typography>
        ) : null}
        {id && noBankAccount ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('partner_no_bank_details')}
          </Alert>
        ) : null}
      </CardContent>
      <CardActions>
        <Button
          variant="contained"
          disabled={!id || available <= 0 || noBankAccount || payOut.isPending}
          onClick={() => payOut.mutate([payee === 'agent' ? { agent_id: id } : { company_id: id }])}
        >
          {t('pay_amount', { amount: formatNaira(available) })}
        </Button>
      </CardActions>
    </Card>
  );
};
