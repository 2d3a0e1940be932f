import { SelectInput, TextInput, required } from 'react-admin';
import { nuban } from './agentValidators';

/**
 * Bank, 10-digit NUBAN (checked against the bank) and account name: where an agent's or a
 * partner's earnings are paid. The bank list comes from the caller, as each form loads it its way.
 */
export const BankAccountInputs = ({
  choices,
  isPending,
}: {
  choices: { id: string; name: string }[];
  isPending?: boolean;
}) => (
  <>
    <SelectInput
      source="bank_code"
      label="app.agents.apply.bank"
      choices={choices}
      isPending={isPending}
      validate={required()}
    />
    <TextInput
      source="account_number"
      label="app.agents.apply.account_number"
      inputMode="numeric"
      validate={[required(), nuban]}
    />
    <TextInput source="account_name" label="app.agents.apply.account_name" validate={required()} />
  </>
);
