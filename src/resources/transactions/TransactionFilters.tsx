import {
  DateInput,
  SelectInput,
  TextInput,
  useGetList,
  useTranslate,
  type SelectInputProps,
} from 'react-admin';
import { useOwnerCompanyChoices } from '../companies/useOwnerCompanies';
import type { Assignee } from '../jobs/types';
import { payeeTypes, transactionKinds, transactionStatuses } from './types';

const useChoices = (prefix: string, ids: readonly string[]) => {
  const translate = useTranslate();
  return ids.map((id) => ({ id, name: translate(`${prefix}.${id}`) }));
};

const KindInput = (props: { source: string; alwaysOn?: boolean }) => (
  <SelectInput {...props} choices={useChoices('app.money.kind', transactionKinds)} />
);

const StatusInput = (props: { source: string; alwaysOn?: boolean }) => (
  <SelectInput {...props} choices={useChoices('app.money.status', transactionStatuses)} />
);

const AgentInput = (props: Omit<SelectInputProps, 'choices'>) => {
  const { data = [], isPending } = useGetList<Assignee>('assignees', { filter: { type: 'agent' } });
  return (
    <SelectInput
      {...props}
      choices={data.map((a) => ({ id: a.id, name: a.name }))}
      isPending={isPending}
    />
  );
};

/** Every company, client or partner: Assign Job's list offers only the partners. */
const CompanyInput = (props: Omit<SelectInputProps, 'choices'>) => {
  const { choices, isPending } = useOwnerCompanyChoices();
  return <SelectInput {...props} choices={choices} isPending={isPending} />;
};

/** Companies (any) or agents (GET /job/fetch-assignees/agent) as choices. */
export const PartyInput = ({
  type,
  ...props
}: { type: 'company' | 'agent'; alwaysOn?: boolean } & Omit<SelectInputProps, 'choices'>) =>
  type === 'company' ? <CompanyInput {...props} /> : <AgentInput {...props} />;

/** The history's filters, by the server's names (`GET /transactions?filter=`). */
export const transactionFilters = [
  <DateInput key="created_from" source="created_from" alwaysOn />,
  <DateInput key="created_to" source="created_to" alwaysOn />,
  <KindInput key="kind" source="kind" alwaysOn />,
  <StatusInput key="status" source="status" alwaysOn />,
];

/** The provider's staff also filter by company or by agent. */
export const companyTransactionFilters = [
  ...transactionFilters,
  <PartyInput key="company_id" type="company" source="company_id" />,
];
/** Fees and payouts by who they pay: an agent or a partner company, chosen or searched by name. */
export const payeeTransactionFilters = [
  ...transactionFilters,
  <SelectInput
    key="payee_type"
    source="payee_type"
    choices={payeeTypes.map((id) => ({ id, name: `app.money.payee_type.${id}` }))}
    alwaysOn
  />,
  <TextInput key="payee" source="payee" label="app.money.payee_search" alwaysOn />,
  <PartyInput key="agent_id" type="agent" source="agent_id" />,
];
