import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Chip, Collapse, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useListContext, useTranslate } from 'react-admin';
import { jobKindLabels, type JobKind } from '../../../reference/jobKinds';
import type { AppDataProvider } from '../../dataProvider';
import type { Audience, TatBody, TatRecord } from './types';

/**
 * "States without a price": of the 36 states and the FCT, those with no setting for the job type
 * and audience the list is filtered to (Address and Company until the user picks others), each a
 * chip that opens the form with the state, job type and audience filled in (for those who may
 * write prices). Folded until asked for: 30 chips are most of a phone's screen. Reloaded
 * whenever the list is (after a save).
 */
export const MissingStates = ({
  onPreset,
}: {
  onPreset?: (preset: Pick<TatBody, 'state' | 'jobType' | 'audience'>) => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const { filterValues, data } = useListContext<TatRecord>();
  const jobType = ((filterValues.jobType as JobKind | undefined) || 'address') as JobKind;
  const audience = ((filterValues.audience as Audience | undefined) || 'company') as Audience;
  const { canAccess: maySetAgentPrice } = useCanAccess({
    resource: 'tats',
    action: 'set_agent_price',
  });
  const mayPrice = !!onPreset && (audience === 'company' || !!maySetAgentPrice);
  const { data: missing } = useQuery({
    // The list's rows in the key: a save reloads the list, and with it this panel.
    queryKey: ['tats', 'missing', jobType, audience, data?.map((t) => t.id).join()],
    queryFn: () => dataProvider.getMissingTatStates(jobType, audience),
    enabled: data !== undefined,
    placeholderData: keepPreviousData,
  });
  if (!missing) return null;
  const what = {
    job_type: jobKindLabels[jobType],
    audience: translate(`app.tat.audiences.${audience}`),
  };
  if (missing.states.length === 0) {
    return (
      <Alert severity="success" sx={{ m: 1 }}>
        {translate('app.tat.missing.none', what)}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      sx={{ m: 1, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      role="region"
      aria-label={translate('app.tat.missing.title')}
      action={
        <Button color="inherit" size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
          {translate(open ? 'app.tat.missing.hide' : 'app.tat.missing.show')}
        </Button>
      }
    >
      <AlertTitle>
        {translate('app.tat.missing.heading', { ...what, smart_count: missing.states.length })}
      </AlertTitle>
      <Collapse in={open} unmountOnExit>
        {mayPrice ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('app.tat.missing.hint')}
          </Typography>
        ) : null}
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0 }}>
          {missing.states.map((s) => (
            <Box component="li" key={s.state} sx={{ listStyle: 'none' }}>
              {mayPrice ? (
                <Chip
                  size="small"
                  label={s.name}
                  onClick={() => onPreset!({ state: s.state, jobType, audience })}
                  aria-label={translate('app.tat.missing.set_price', { state: s.name })}
                />
              ) : (
                <Chip size="small" variant="outlined" label={s.name} />
              )}
            </Box>
          ))}
        </Box>
      </Collapse>
    </Alert>
  );
};
