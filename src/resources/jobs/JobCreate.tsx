import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  email as emailValidator,
  FileField,
  FileInput,
  Form,
  maxLength,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  Toolbar,
  useBasename,
  useCanAccess,
  useCreate,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { jobFieldDefs, type JobFieldDef, type JobKind } from '../../../reference/jobKinds';
import type { CreateJobInput } from './dataProvider';
import { errorMessages } from '../../httpClient/errorMessages';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { PriceSummary } from '../transactions/PriceSummary';
import { kindChoices, LgaInput, stateChoices } from './JobFilters';
import { useJobPaths } from './paths';
import { useOwnerCompanyChoices } from '../companies/useOwnerCompanies';
import type { Job } from './types';

interface FormValues extends Record<string, unknown> {
  type: JobKind;
  company_id?: string;
  attachments?: Array<{ rawFile: File }>;
}

/** One input per field definition: the same names, labels and rules as the API (reference/). */
const FieldInput = ({ def }: { def: JobFieldDef }) => {
  const validate: Validator[] = [maxLength(def.maxLength)];
  if (def.required) validate.unshift(required());
  if (def.type === 'email') validate.push(emailValidator());
  const common = { source: def.name, label: def.label, validate, fullWidth: true };
  switch (def.type) {
    case 'state':
      return <SelectInput {...common} choices={stateChoices} />;
    case 'lga':
      return <LgaInput {...common} stateSource="state" />;
    case 'choice':
      return (
        <SelectInput
          {...common}
          choices={(def.choices ?? []).map((c) => ({ id: c.value, name: c.label }))}
          emptyText="—"
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={def.type === 'email' ? 'email' : def.type === 'phone' ? 'tel' : 'text'}
          helperText={def.hint ?? false}
        />
      );
  }
};

/** The chosen kind's fields. */
const KindFields = () => {
  const kind = useWatch<FormValues, 'type'>({ name: 'type' });
  if (!kind) return null;
  return (
    <>
      {jobFieldDefs[kind].map((def) => (
        <FieldInput key={`${kind}.${def.name}`} def={def} />
      ))}
    </>
  );
};

/** The job's price and the owner's balance before and after, once kind and state are chosen. */
const JobPrice = ({ choosesOwner }: { choosesOwner: boolean }) => {
  const [kind, state, companyId] = useWatch({ name: ['type', 'state', 'company_id'] }) as [
    JobKind | undefined,
    string | undefined,
    string | undefined,
  ];
  if (!kind || !state) return null;
  return (
    <PriceSummary
      jobs={[{ kind, state, count: 1 }]}
      companyId={choosesOwner ? companyId : undefined}
      needsOwner={choosesOwner}
    />
  );
};

/** Provider staff name the owner company (`company_id`), picked among the client companies. */
const OwnerCompanyInput = () => {
  const translate = useTranslate();
  const { choices, isPending } = useOwnerCompanyChoices();
  return (
    <SelectInput
      source="company_id"
      label={translate('app.jobs.create.owner')}
      choices={choices}
      isPending={isPending}
      validate={required()}
      fullWidth
    />
  );
};

/** The form's values as the multipart call wants them: only the chosen kind's fields. */
const toInput = (values: FormValues, withOwner: boolean): CreateJobInput => ({
  type: values.type,
  ...(withOwner && values.company_id ? { company_id: values.company_id } : {}),
  fields: Object.fromEntries(
    jobFieldDefs[values.type].map((def) => [def.name, String(values[def.name] ?? '')]),
  ),
  attachments: (values.attachments ?? []).map((a) => a.rawFile).filter(Boolean),
});

/** The server's `errors:[{field, msg}]` as react-hook-form errors by input name. */
const fieldErrorsOf = (error: unknown): Record<string, string> | undefined => {
  const list = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (!Array.isArray(list)) return undefined;
  const out: Record<string, string> = {};
  for (const entry of list as Array<{ field?: unknown; msg?: unknown }>) {
    if (typeof entry.field === 'string' && typeof entry.msg === 'string' && !out[entry.field]) {
      out[entry.field] = entry.msg;
    }
  }
  return Object.keys(out).length ? out : undefined;
};

/**
 * Create one job (create-single-job; admin jobs/create-single): kind, that kind's fields from the
 * shared definitions, optional attachments; admins also pick the owner company. Sent as multipart
 * to `POST /job/create-address`; 'Successfully created', then the jobs list.
 */
export const JobCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const paths = useJobPaths();
  const { canAccess: choosesOwner } = useCanAccess({ resource: 'jobs', action: 'choose_owner' });
  // Staff who may create jobs but not list them go to their landing page instead of the list.
  const { canAccess: mayList } = useCanAccess({ resource: 'jobs', action: 'list' });
  const basename = useBasename();
  const [create] = useCreate<Job>();

  const submit = async (values: Record<string, unknown>) => {
    try {
      await create(
        'jobs',
        { data: toInput(values as FormValues, !!choosesOwner) },
        { returnPromise: true },
      );
    } catch (error) {
      // The first problem as a toast (spec §8: the answer's message), each one on its field.
      if (errorMessages(error).length) notifyError(error);
      return fieldErrorsOf(error);
    }
    notify('app.notifications.created', { type: 'success' });
    navigate(mayList ? paths.list : basename);
    return undefined;
  };

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2, maxWidth: 720 }}>
      <Title title="app.jobs.create.title" />
      <Card>
        <Form<FormValues> defaultValues={{ type: 'address' }} onSubmit={submit}>
          <CardContent>
            <Typography variant="h5" component="h2" gutterBottom>
              {translate('app.jobs.create.title')}
            </Typography>
            <SelectInput
              source="type"
              label={translate('app.jobs.create.kind')}
              choices={kindChoices}
              validate={required()}
              fullWidth
            />
            {choosesOwner ? <OwnerCompanyInput /> : null}
            <KindFields />
            <JobPrice choosesOwner={!!choosesOwner} />
            <FileInput
              source="attachments"
              label={translate('app.jobs.create.attachments')}
              inputProps={{ 'aria-label': translate('app.jobs.create.attachments') }}
              helperText={translate('app.jobs.create.attachments_hint')}
              multiple
              accept={{ 'image/jpeg': [], 'image/png': [], 'application/pdf': [] }}
              maxSize={5 * 1024 * 1024}
            >
              <FileField source="src" title="title" />
            </FileInput>
          </CardContent>
          <Toolbar>
            <SaveButton label="app.jobs.create.submit" alwaysEnable />
          </Toolbar>
        </Form>
      </Card>
    </Stack>
  );
};
