import type { ReactNode } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { Guarded } from '../../layout/Guarded';
import { AgentList } from './AgentList';
import { AgentShow } from './AgentShow';
import { agentRoutePaths } from './paths';

const guarded = (resource: string, action: string, page: ReactNode) => (
  <ResourceContextProvider value={resource}>
    <Guarded resource={resource} action={action}>
      {page}
    </Guarded>
  </ResourceContextProvider>
);

/** The agent screens at spec §2's addresses (admin area, `<CustomRoutes>`). */
export const agentCustomRoutes = (
  <>
    <Route path={agentRoutePaths.agents} element={guarded('agents', 'list', <AgentList />)} />
    <Route path={agentRoutePaths.agent} element={guarded('agents', 'show', <AgentShow />)} />
  </>
);
