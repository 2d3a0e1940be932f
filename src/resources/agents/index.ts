import EngineeringIcon from '@mui/icons-material/Engineering';
import type { Agent } from '../../../server/schemas/agents';

/**
 * The `agents` resource (`<Resource name="agents" {...agents} />`): approved field agents. Its
 * screens live at the spec's addresses (users/agents…, ./agentRoutes.tsx).
 */
export default {
  icon: EngineeringIcon,
  recordRepresentation: (a: Agent) => a.full_name,
};

export { agentCustomRoutes } from './agentRoutes';
