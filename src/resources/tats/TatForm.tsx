import { Box, Button, CardActions, CardContent, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  Form,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  useCanAccess,
  useCreate,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { jobKindLabels, jobKinds } from '../../../reference/jobKinds';
import { states } from '../../../reference/locations';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { Audience, TatBody, TatRecord } from './types';

const fields = ['audience', 'state', 'jobType', 'tatInHours', 'amount'] as const;

const stateChoices = states.map((state) => ({ id: state.alias, name: state.name }));
const kindChoices = jobKinds.map((kind) => ({ id: kind, name: jobKindLabels[kind] }));

/** Spec §5: save stays disabled until all five fields are non-empty. */
export const isComplete = (values: readonly unknown[]) =>
  values.every((value) => value !== undefined && value !== null && String(value).trim() !== '');

const bodyOf = (values: Record<string, unknown>): TatBody => ({
  audience: values.audience as Audience,
  state: String(values.state),
  jobType: values.jobType as TatBody['jobType'],
  tatInHours: Number(values.tatInHours),
  amount: Number(values.amount),
});

const SaveTat = ({ editing, saving }: { editing: boolean; saving: boolean }) => {
  const values = useWatch({ name: [...fields] }) as unknown[];
  const ready = isComplete(values) && !saving;
  return (
    <SaveButton
      label={editing ? 'app.tat.save_changes' : 'app.tat.save'}
      icon={<></>}
      alwaysEnable={ready}
      disabled={!ready}
    />
  );
};

/**
 * The form of one TAT/price setting: create mode, or edit mode for the row picked in the table
 * ('Edit TAT', 'Save changes', Cancel). After a save it is cleared and the list reloaded.
 * `onDone` clears the selection; the page then mounts a fresh, empty form.
 */
export const TatForm = ({
  editing,
  preset,
  onDone,
}: {
  editing: TatRecord | null;
  /** A new setting's first fields, e.g. a state picked among those without a price. */
  preset?: Partial<TatBody>;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { canAccess: maySetAgentPrice } = useCanAccess({
    resource: 'tats',
    action: 'set_agent_price',
  });
  const [create, { isPending: creating }] = useCreate<TatRecord>();
  const [update, { isPending: updating }] = useUpdate<TatRecord>();
  const saving = creating || updating;

  const saved = (message: string) => {
    notify(message, { type: 'success' });
    onDone();
    refresh();
  };

  const save = (values: Record<string, unknown>) => {
    const data = bodyOf(values);
    if (editing) {
      update(
        'tats',
        { id: editing.id, data, previousData: editing },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => saved('app.notifications.tat_edited'),
          onError: notifyError,
        },
      );
    } else {
      create(
        'tats',
        { data },
        { onSuccess: () => saved('app.notifications.tat_created'), onError: notifyError },
      );
    }
  };

  const audiences: Audience[] = maySetAgentPrice ? ['company', 'agent'] : ['company'];
  // Selects are required so that they offer no empty choice; Save waits for all five anyway.
  const input = { helperText: false, fullWidth: true } as const;
  const select = { ...input, validate: required() } as const;
  return (
    <Box aria-labelledby="tat-form-heading" role="form">
      <Form resource="tats" record={editing ?? preset} onSubmit={save} noValidate>
        <CardContent>
          <Typography id="tat-form-heading" variant="h6" component="h2" gutterBottom>
            {translate(editing ? 'app.tat.edit_heading' : 'app.tat.create_heading')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, 1fr)' },
              columnGap: 2,
            }}
          >
            <SelectInput
              {...select}
              source="audience"
              label="app.tat.audience"
              choices={audiences.map((id) => ({ id, name: `app.tat.audiences.${id}` }))}
            />
            <SelectInput
              {...select}
              source="state"
              label="app.tat.state"
              choices={stateChoices}
              translateChoice={false}
            />
            <SelectInput
              {...select}
              source="jobType"
              label="app.tat.job_type"
              choices={kindChoices}
              translateChoice={false}
            />
            <NumberInput
              {...input}
              source="tatInHours"
              label="app.tat.tat_hours"
              min={1}
              step={1}
            />
            <NumberInput {...input} source="amount" label="app.tat.amount" min={0.01} step={0.01} />
          </Box>
        </CardContent>
        <CardActions>
          <SaveTat editing={!!editing} saving={saving} />
          {editing || preset ? (
            <Button onClick={onDone} disabled={saving}>
              {translate('app.tat.cancel')}
            </Button>
          ) : null}
        </CardActions>
      </Form>
    </Box>
  );
};
