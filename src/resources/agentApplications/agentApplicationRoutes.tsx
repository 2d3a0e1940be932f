import { ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { Guarded } from '../../layout/Guarded';
import { AgentApplicationList } from './AgentApplicationList';
import { AgentApplicationShow } from './AgentApplicationShow';
import { agentApplicationRoutePaths } from './paths';

/** The application review screens at spec §2's addresses (admin area, `<CustomRoutes>`). */
export const agentApplicationCustomRoutes = (
  <>
    <Route
      path={agentApplicationRoutePaths.list}
      element={
        <ResourceContextProvider value="agent-applications">
          <Guarded resource="agent-applications" action="list">
            <AgentApplicationList />
          </Guarded>
        </ResourceContextProvider>
      }
    />
    <Route
      path={agentApplicationRoutePaths.show}
      element={
        <ResourceContextProvider value="agent-applications">
          <Guarded resource="agent-applications" action="show">
            <AgentApplicationShow />
          </Guarded>
        </ResourceContextProvider>
      }
    />
  </>
);
