import { useState } from 'react';
import {
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
import { useWallet } from '../transactions/useWallet';
import { usePayOut } from './usePayOut';

/** Pays out one agent: pick the agent, see their available balance, pay it out. */
export const PayOutAgentCard = () => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.money.payouts.${key}`, options);
  const [agentId, setAgentId] = useState('');
  const agents = useGetList<Assignee>('assignees', { filter: { type: 'agent' } });
  const wallet = useWallet({ agent_id: agentId }, { enabled: !!agentId });
  const payOut = usePayOut();
  const balance = wallet.data?.balance ?? 0;
  return (
    <Card component="section" aria-labelledby="pay-out-title">
      <CardContent>
        <Typography id="pay-out-title" variant="h6" component="h2" gutterBottom>
          {t('pay_one')}
        </Typography>
        <TextField
          select
          fullWidth
          label={t('agent')}
          value={agents.data?.some((a) => a.id === agentId) ? agentId : ''}
          onChange={(event) => setAgentId(event.target.value)}
        >
          {(agents.data ?? []).map((agent) => (
            <MenuItem key={agent.id} value={agent.id}>
              {agent.name}
            </MenuItem>
          ))}
        </TextField>
        {agentId && wallet.data ? (
          <Typography sx={{ mt: 2 }}>
            {t('available', { amount: formatNaira(wallet.data.balance) })}
          </Typography>
        ) : null}
      </CardContent>
      <CardActions>
        <Button
          variant="contained"
          disabled={!agentId || balance <= 0 || payOut.isPending}
          onClick={() => payOut.mutate([agentId])}
        >
          {t('pay_amount', { amount: formatNaira(balance) })}
        </Button>
      </CardActions>
    </Card>
  );
};
