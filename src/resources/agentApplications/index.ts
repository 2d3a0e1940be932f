import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { AgentApplication } from '../../../server/schemas/agentApplications';

/**
 * The `agent-applications` resource (`<Resource name="agent-applications" {...agentApplications} />`):
 * the agents' applications, reviewed at the spec's addresses (./agentApplicationRoutes.tsx), and
 * the public "Become an agent" form that makes them (./BecomeAgentPage.tsx, outside the areas).
 */
export default {
  icon: HowToRegIcon,
  recordRepresentation: (a: AgentApplication) => a.code,
};

export { agentApplicationCustomRoutes } from './agentApplicationRoutes';
