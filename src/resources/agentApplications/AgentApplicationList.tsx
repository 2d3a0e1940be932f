import {
  CanAccess,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import type { AgentApplication } from '../../../server/schemas/agentApplications';
import { CodeText } from '../../layout/CodeField';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { ServerExportButton } from '../../layout/ServerExportButton';
import { useAgentApplicationPaths } from './paths';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { DuplicateChip } from './DuplicateWarning';

const Column = DataTable.Col<AgentApplication>;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    emptyText="app.agents.all_statuses"
    choices={['pending', 'approved', 'rejected'].map((id) => ({
      id,
      name: `app.agents.statuses.${id}`,
    }))}
  />,
];

const ListActions = () => (
  <TopToolbar>
    <CanAccess resource="agent-applications" action="export">
      <ServerExportButton />
    </CanAccess>
  </TopToolbar>
);

/**
 * users/agents/application: applications, pending first (`GET /agent-applications`), and the
 * server's CSV export; on phones a simple list.
 */
export const AgentApplicationList = () => {
  const paths = useAgentApplicationPaths();
  const isPhone = useIsPhone();
  return (
    <List<AgentApplication>
      resource="agent-applications"
      title="app.agents.applications_title"
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={25}
      actions={<ListActions />}
    >
      {isPhone ? (
        <SimpleList<AgentApplication>
          primaryText={(a) => a.full_name}
          secondaryText={(a) => `${a.code} · ${a.state_name} · ${a.phone}`}
          tertiaryText={(a) => <ApplicationStatusChip status={a.status} />}
          rowClick={(id) => paths.show(String(id))}
        />
      ) : (
        <DataTable<AgentApplication>
          rowClick={(id) => paths.show(String(id))}
          bulkActionButtons={false}
        >
          <Column source="code" render={(a) => <CodeText>{a.code}</CodeText>} />
          <Column
            source="last_name"
            label="resources.agent-applications.fields.full_name"
            render={(a) => a.full_name}
          />
          <Column source="phone" disableSort />
          <Column source="state" render={(a) => a.state_name} />
          <Column source="lgas" disableSort render={(a) => a.lgas.join(', ')} />
          <Column source="status" render={(a) => <ApplicationStatusChip status={a.status} />} />
          <Column
            source="duplicates"
            disableSort
            render={(a) => <DuplicateChip duplicates={a.duplicates} />}
          />
          <Column source="created_at" render={(a) => <DateText value={a.created_at} />} />
        </DataTable>
      )}
    </List>
  );
};
