import { listShowRoutes } from '../../layout/Guarded';
import { AgentList } from './AgentList';
import { AgentShow } from './AgentShow';
import { agentRoutePaths } from './paths';

/** The agent screens at spec §2's addresses (admin area, `<CustomRoutes>`). */
export const agentCustomRoutes = listShowRoutes(
  'agents',
  { list: agentRoutePaths.agents, show: agentRoutePaths.agent },
  AgentList,
  AgentShow,
);
