import { Alert, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AgentApplication } from '../../../server/schemas/agentApplications';

/** What the application shares with another pending or approved one, said to the reviewer. */
export const DuplicateWarning = ({ duplicates }: Pick<AgentApplication, 'duplicates'>) => {
  const translate = useTranslate();
  if (!duplicates.length) return null;
  const fields = duplicates.map((f) => translate(`app.agents.duplicate_fields.${f}`)).join(', ');
  return (
    <Alert severity="warning" title={translate('app.agents.duplicate')}>
      {translate('app.agents.duplicate_warning', { fields })}
    </Alert>
  );
};

/** The list's mark of a duplicate. */
export const DuplicateChip = ({ duplicates }: Pick<AgentApplication, 'duplicates'>) => {
  const translate = useTranslate();
  return duplicates.length ? (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={translate('app.agents.duplicate')}
    />
  ) : null;
};
