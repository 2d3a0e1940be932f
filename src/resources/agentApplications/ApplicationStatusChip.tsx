import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AgentApplication } from '../../../server/schemas/agentApplications';

const colors = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

export const ApplicationStatusChip = ({ status }: { status: AgentApplication['status'] }) => {
  const translate = useTranslate();
  return (
    <Chip size="small" color={colors[status]} label={translate(`app.agents.statuses.${status}`)} />
  );
};
