import { listShowRoutes } from '../../layout/Guarded';
import { AgentApplicationList } from './AgentApplicationList';
import { AgentApplicationShow } from './AgentApplicationShow';
import { agentApplicationRoutePaths } from './paths';

/** The application review screens at spec §2's addresses (admin area, `<CustomRoutes>`). */
export const agentApplicationCustomRoutes = listShowRoutes(
  'agent-applications',
  agentApplicationRoutePaths,
  AgentApplicationList,
  AgentApplicationShow,
);
