import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Spec §2: status 1 reads Active, anything else 'Unactive'. */
export const AgentStatusChip = ({ status }: { status: number }) => {
  const translate = useTranslate();
  return status === 1 ? (
    <Chip size="small" color="success" label={translate('app.agents.active')} />
  ) : (
    <Chip size="small" label={translate('app.agents.unactive')} />
  );
};
