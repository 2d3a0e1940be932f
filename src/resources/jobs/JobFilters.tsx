import { useEffect, useMemo, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  DateInput,
  SearchInput,
  SelectInput,
  useCanAccess,
  useGetList,
  useTranslate,
} from 'react-admin';
import { jobKindLabels, jobKinds } from '../../../reference/jobKinds';
import { findState, states } from '../../../reference/locations';
import type { Assignee } from './types';

export const kindChoices = jobKinds.map((kind) => ({ id: kind, name: jobKindLabels[kind] }));
export const stateChoices = states.map((state) => ({ id: state.alias, name: state.name }));

/** The LGAs of a state (by alias) as choices; none until a state is chosen. */
export const lgaChoicesOf = (stateAlias: string | undefined | null) =>
  (stateAlias ? (findState(stateAlias)?.lgas ?? []) : []).map((lga) => ({ id: lga, name: lga }));

/**
 * An LGA picker that follows a state picker of the same form (filter or create form): its choices
 * are that state's LGAs, and a change of state clears an LGA of the former state.
 */
export const LgaInput = ({
  source = 'lga',
  stateSource = 'state',
  ...rest
}: {
  source?: string;
  stateSource?: string;
} & Omit<React.ComponentProps<typeof SelectInput>, 'source' | 'choices'>) => {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const state = useWatch({ name: stateSource }) as string | undefined;
  const choices = useMemo(() => lgaChoicesOf(state), [state]);
  const previousState = useRef(state);
  useEffect(() => {
    if (previousState.current === state) return;
    previousState.current = state;
    const lga = getValues(source) as string | undefined;
    if (lga && !choices.some((choice) => choice.id === lga)) {
      setValue(source, '', { shouldDirty: true });
    }
  }, [state, choices, source, getValues, setValue]);
  return (
    <SelectInput
      source={source}
      choices={choices}
      disabled={!state}
      helperText={state ? undefined : translate('app.jobs.create.choose_state_first')}
      {...rest}
    />
  );
};

/** The assignees (companies, and agents for super-admins) as filter choices. */
const AssigneeFilterInput = (props: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const { canAccess: seesAgents } = useCanAccess({ resource: 'jobs', action: 'assign_to_agent' });
  const companies = useGetList<Assignee>('assignees', { filter: { type: 'company' } });
  const agents = useGetList<Assignee>(
    'assignees',
    { filter: { type: 'agent' } },
    { enabled: !!seesAgents },
  );
  const choices = [
    ...(companies.data ?? []).map((a) => ({
      id: a.id,
      name: `${a.name} (${translate('app.jobs.assignee_company')})`,
    })),
    ...(agents.data ?? []).map((a) => ({
      id: a.id,
      name: `${a.name} (${translate('app.jobs.assignee_agent')})`,
    })),
  ];
  return <SelectInput {...props} choices={choices} isPending={companies.isPending} />;
};

const JobSearchInput = (props: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('resources.jobs.fields.q')} />;
};

/**
 * The jobs list's filters, by the server's filter names (`GET /jobs?filter=`): search, kind,
 * state, LGA (the chosen state's), created date range, assignee and overdue. Status has tabs.
 */
export const jobFilters = [
  <JobSearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={kindChoices} />,
  <SelectInput key="state" source="state" choices={stateChoices} />,
  <LgaInput key="lga" source="lga" />,
  <DateInput key="created_from" source="created_from" />,
  <DateInput key="created_to" source="created_to" />,
  <AssigneeFilterInput key="assignee_id" source="assignee_id" />,
  <BooleanInput key="overdue" source="overdue" defaultValue={true} />,
];
