import {
  DateTimeInput,
  minValue,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { breachStatuses } from '../../../reference/breaches';
import type { BreachBody } from './types';

export const breachStatusChoices = breachStatuses.map((id) => ({
  id,
  name: `app.breaches.status.${id}`,
}));

/** `<input type="datetime-local">` speaks local time without a zone; the API takes ISO 8601. */
const parseLocal = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** What the form holds, as the API takes it (the server also drops the fields it computes). */
export const toBreachBody = (data: RaRecord): BreachBody => ({
  description: String(data.description ?? ''),
  occurred_at: (data.occurred_at as string | null) ?? null,
  found_at: String(data.found_at ?? ''),
  data_affected: String(data.data_affected ?? ''),
  people_affected: (data.people_affected as number | null) ?? null,
  who_was_told: String(data.who_was_told ?? ''),
  ndpc_notified_at: (data.ndpc_notified_at as string | null) ?? null,
  people_notified_at: (data.people_notified_at as string | null) ?? null,
  status: (data.status as BreachBody['status']) ?? 'open',
});

/** The fields of an entry, for `BreachCreate` and `BreachEdit`. */
export const BreachForm = () => (
  <SimpleForm defaultValues={{ status: 'open' }}>
    <TextInput source="description" multiline minRows={3} fullWidth validate={required()} />
    <DateTimeInput source="occurred_at" parse={parseLocal} />
    <DateTimeInput source="found_at" parse={parseLocal} validate={required()} />
    <TextInput source="data_affected" multiline minRows={2} fullWidth validate={required()} />
    <NumberInput source="people_affected" min={0} step={1} validate={minValue(0)} />
    <TextInput source="who_was_told" multiline fullWidth helperText="app.breaches.who_help" />
    <DateTimeInput source="ndpc_notified_at" parse={parseLocal} />
    <DateTimeInput source="people_notified_at" parse={parseLocal} />
    <SelectInput source="status" choices={breachStatusChoices} validate={required()} />
  </SimpleForm>
);
