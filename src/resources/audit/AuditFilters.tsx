import { AutocompleteInput, DateInput, ReferenceInput, SearchInput, TextInput } from 'react-admin';
import type { User } from '../../../server/schemas/users';

const userText = (u: User) => `${u.first_name} ${u.last_name} (${u.email})`;

/** The log's filters, by the server's names (`GET /audit?filter=`). */
export const auditFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="actor" source="actor" reference="users" alwaysOn>
    <AutocompleteInput
      label="resources.audit.fields.actor"
      optionText={userText}
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 260 }}
    />
  </ReferenceInput>,
  <TextInput key="action" source="action" helperText="app.audit.action_help" alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];
