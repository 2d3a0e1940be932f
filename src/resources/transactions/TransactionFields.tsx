import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNaira } from '../../formatting/money';
import type { PayoutStatus, Transaction, TransactionKind, TransactionStatus } from './types';

const statusColor = {
  pending: 'warning',
  successful: 'success',
  refunded: 'info',
  paid: 'success',
  failed: 'error',
} as const;

/** A transaction's or payout's status as a coloured chip. */
export const MoneyStatusChip = ({ status }: { status: TransactionStatus | PayoutStatus }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColor[status]}
      label={translate(`app.money.status.${status}`)}
    />
  );
};

export const KindLabel = ({ kind }: { kind: TransactionKind }) => {
  const translate = useTranslate();
  return <>{translate(`app.money.kind.${kind}`)}</>;
};

/** The API sends amounts unsigned with their direction: money leaving the holder is negative. */
export const signedAmount = (t: Pick<Transaction, 'amount' | 'direction'>) =>
  t.direction === 'debit' ? -t.amount : t.amount;

/** An amount in naira; money leaving the holder in the error colour, with its minus sign. */
export const Amount = ({ value }: { value: number }) => (
  <Typography
    component="span"
    variant="inherit"
    color={value < 0 ? 'error' : undefined}
    sx={{ whiteSpace: 'nowrap' }}
  >
    {formatNaira(value)}
  </Typography>
);
