import { CanAccess, DataTable, List, SearchInput, SimpleList, TopToolbar } from 'react-admin';
import type { Agent } from '../../../server/schemas/agents';
import { CodeText } from '../../layout/CodeField';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { ServerExportButton } from '../../layout/ServerExportButton';
import { AgentStatusChip } from './AgentStatusChip';
import { useAgentPaths } from './paths';
import { AverageRating } from './AverageRating';

const Column = DataTable.Col<Agent>;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const ListActions = () => (
  <TopToolbar>
    <CanAccess resource="agents" action="export">
      <ServerExportButton />
    </CanAccess>
  </TopToolbar>
);

/**
 * users/agents: Agent management, with search (`GET /agents`) and the server's CSV export; on
 * phones a simple list.
 */
export const AgentList = () => {
  const paths = useAgentPaths();
  const isPhone = useIsPhone();
  return (
    <List<Agent>
      resource="agents"
      title="app.agents.agents_title"
      filters={filters}
      sort={{ field: 'last_name', order: 'ASC' }}
      perPage={25}
      actions={<ListActions />}
    >
      {isPhone ? (
        <SimpleList<Agent>
          primaryText={(a) => a.full_name}
          secondaryText={(a) => `${a.code} · ${a.state_name ?? '—'} · ${a.phone}`}
          tertiaryText={(a) => <AgentStatusChip status={a.status} />}
          rowClick={(id) => paths.agent(String(id))}
        />
      ) : (
        <DataTable<Agent> rowClick={(id) => paths.agent(String(id))} bulkActionButtons={false}>
          <Column source="code" disableSort render={(a) => <CodeText>{a.code}</CodeText>} />
          <Column
            source="last_name"
            label="resources.agents.fields.full_name"
            render={(a) => a.full_name}
          />
          <Column source="phone" disableSort />
          <Column source="state" render={(a) => a.state_name ?? '—'} />
          <Column source="jobs_total" disableSort />
          <Column
            source="average_rating"
            disableSort
            render={(a) => <AverageRating value={a.average_rating} stars={false} />}
          />
          <Column source="status" render={(a) => <AgentStatusChip status={a.status} />} />
          <Column source="created_at" render={(a) => <DateText value={a.created_at} />} />
        </DataTable>
      )}
    </List>
  );
};
