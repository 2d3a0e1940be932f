import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  Loading,
  Title,
  useCanAccess,
  useCreate,
  useGetList,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { jobKindLabels, jobKinds, type JobKind } from '../../../reference/jobKinds';
import { stateName, states } from '../../../reference/locations';
import type { TatSettingRecord } from '../../dataProvider/settingsApi';
import { formatDisplayDate } from '../../formatting/dates';
import { formatNaira } from '../../formatting/money';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { Audience, TatSettingBody } from '../../resources/tatSettings/types';

interface TatForm {
  audience: Audience | '';
  state: string;
  jobType: JobKind | '';
  tatInHours: string;
  amount: string;
}

const emptyForm: TatForm = { audience: '', state: '', jobType: '', tatInHours: '', amount: '' };

const formOf = (tat: TatSettingRecord): TatForm => ({
  audience: tat.audience,
  state: tat.state,
  jobType: tat.jobType,
  tatInHours: String(tat.tatInHours),
  amount: String(tat.amount),
});

/** Spec §5: save stays disabled until all five fields are non-empty. */
const isComplete = (form: TatForm) => Object.values(form).every((value) => value.trim() !== '');

const bodyOf = (form: TatForm): TatSettingBody => ({
  audience: form.audience as Audience,
  state: form.state,
  jobType: form.jobType as JobKind,
  tatInHours: Number(form.tatInHours),
  amount: Number(form.amount),
});

/**
 * settings/set-amount (spec §2 "Set Amount screen"): the form of one TAT/price setting and the
 * table of all of them. A row click loads it for editing ('Edit TAT', 'Save changes', Cancel);
 * after a save the form is cleared and the list reloaded. Only the provider writes settings:
 * company users see the table alone.
 */
export const SetAmountPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.tat.${key}`, options);
  const { canAccess: mayWrite } = useCanAccess({ resource: 'tat-settings', action: 'create' });
  const { canAccess: maySetAgentPrice } = useCanAccess({
    resource: 'tat-settings',
    action: 'set_agent_price',
  });
  const {
    data: tats = [],
    isPending,
    error,
    refetch,
  } = useGetList<TatSettingRecord>('tat-settings', { pagination: { page: 1, perPage: 1000 } });
  const [create, { isPending: creating }] = useCreate<TatSettingRecord>();
  const [update, { isPending: updating }] = useUpdate<TatSettingRecord>();
  const [form, setForm] = useState<TatForm>(emptyForm);
  const [editing, setEditing] = useState<TatSettingRecord | null>(null);
  const saving = creating || updating;

  const set = (field: keyof TatForm) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((previous) => ({ ...previous, [field]: event.target.value }));

  const clear = () => {
    setForm(emptyForm);
    setEditing(null);
  };

  const edit = (tat: TatSettingRecord) => {
    if (!mayWrite || (tat.audience === 'agent' && !maySetAgentPrice)) return;
    setEditing(tat);
    setForm(formOf(tat));
  };

  const saved = (message: string) => {
    notify(message, { type: 'success' });
    clear();
    void refetch();
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isComplete(form) || saving) return;
    const data = bodyOf(form);
    if (editing) {
      update(
        'tat-settings',
        { id: editing.id, data, previousData: editing },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => saved('app.notifications.tat_edited'),
          onError: notifyError,
        },
      );
    } else {
      create(
        'tat-settings',
        { data },
        { onSuccess: () => saved('app.notifications.tat_created'), onError: notifyError },
      );
    }
  };

  const audiences: Audience[] = maySetAgentPrice ? ['company', 'agent'] : ['company'];
  const columns = [
    'index',
    'state',
    'amount',
    'tat',
    'job_type',
    'audience',
    'created',
    'last_update',
  ];

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
      <Title title="app.tat.title" />
      {mayWrite ? (
        <Card component="form" onSubmit={save} aria-labelledby="tat-form-heading" noValidate>
          <CardContent>
            <Typography id="tat-form-heading" variant="h6" component="h1" gutterBottom>
              {editing ? t('edit_heading') : t('create_heading')}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, 1fr)' },
                gap: 2,
              }}
            >
              <TextField
                select
                label={t('audience')}
                value={form.audience}
                onChange={set('audience')}
              >
                {audiences.map((audience) => (
                  <MenuItem key={audience} value={audience}>
                    {t(`audiences.${audience}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label={t('state')} value={form.state} onChange={set('state')}>
                {states.map((state) => (
                  <MenuItem key={state.alias} value={state.alias}>
                    {state.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('job_type')}
                value={form.jobType}
                onChange={set('jobType')}
              >
                {jobKinds.map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {jobKindLabels[kind]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('tat_hours')}
                type="number"
                value={form.tatInHours}
                onChange={set('tatInHours')}
                slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
              />
              <TextField
                label={t('amount')}
                type="number"
                value={form.amount}
                onChange={set('amount')}
                slotProps={{ htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }}
              />
            </Box>
          </CardContent>
          <CardActions>
            <Button type="submit" variant="contained" disabled={!isComplete(form) || saving}>
              {editing ? t('save_changes') : t('save')}
            </Button>
            {editing ? (
              <Button onClick={clear} disabled={saving}>
                {t('cancel')}
              </Button>
            ) : null}
          </CardActions>
        </Card>
      ) : (
        <Typography variant="h6" component="h1">
          {t('title')}
        </Typography>
      )}
      {mayWrite === false ? <Alert severity="info">{t('read_only')}</Alert> : null}
      <Card>
        {isPending ? (
          <Loading />
        ) : error ? (
          <Alert severity="error">{translate('ra.notification.http_error')}</Alert>
        ) : tats.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('empty')}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column}>{t(`columns.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {tats.map((tat, index) => {
                  const editable = !!mayWrite && (tat.audience !== 'agent' || !!maySetAgentPrice);
                  return (
                    <TableRow
                      key={tat.id}
                      hover={editable}
                      selected={editing?.id === tat.id}
                      onClick={editable ? () => edit(tat) : undefined}
                      onKeyDown={
                        editable
                          ? (event) => {
                              if (event.key === 'Enter' || event.key === ' ') {
                                event.preventDefault();
                                edit(tat);
                              }
                            }
                          : undefined
                      }
                      tabIndex={editable ? 0 : undefined}
                      sx={editable ? { cursor: 'pointer' } : undefined}
                    >
                      <TableCell>{index + 1}</TableCell>
                      <TableCell>{stateName(tat.state)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNaira(tat.amount)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {t('hours', { smart_count: tat.tatInHours })}
                      </TableCell>
                      <TableCell>{jobKindLabels[tat.jobType]}</TableCell>
                      <TableCell>{t(`audiences.${tat.audience}`)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDisplayDate(tat.createdAt)}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {tat.updatedAt ? formatDisplayDate(tat.updatedAt) : t('date_not_set')}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
    </Stack>
  );
};

SetAmountPage.path = '/settings/set-amount';
