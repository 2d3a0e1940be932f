import { Chip, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useJobPaths } from '../jobs/paths';
import { usePayoutPaths } from '../payouts/paths';
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

/**
 * What a movement's reference stands for: its job (linked to the job's profile in this area),
 * the bank's reference of a funding, its payout (linked for the provider's staff).
 */
export const TransactionReference = ({ transaction }: { transaction: Transaction }) => {
  const jobPaths = useJobPaths();
  const payoutPaths = usePayoutPaths();
  const { kind, label, id } = transaction.refers_to;
  const to =
    id === null
      ? null
      : kind === 'job'
        ? jobPaths.profile(id)
        : kind === 'payout' && jobPaths.area === 'admin'
          ? payoutPaths.show(id)
          : null;
  if (!to) return <>{label}</>;
  return (
    <Link
      component={RouterLink}
      to={to}
      // The row opens the transaction; the link opens what it names.
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
    >
      {label}
    </Link>
  );
};

/** Who a fee or a payout pays, with whether it is an agent or a partner company. */
export const PayeeField = ({ transaction }: { transaction: Transaction }) => {
  const translate = useTranslate();
  if (!transaction.payee_type) return null;
  return (
    <>
      {transaction.payee_name}
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block' }}
      >
        {translate(`app.money.payee_type.${transaction.payee_type}`)}
      </Typography>
    </>
  );
};
