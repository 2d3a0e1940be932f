import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { AgentApplication } from '../../../server/schemas/agentApplications';

/**
 * The `agent-applications` resource (`<Resource name="agent-applications" {...agentApplications} />`):
 * its screens live at the spec's addresses (../agents/agentRoutes.tsx).
 */
export default {
  icon: HowToRegIcon,
  recordRepresentation: (a: AgentApplication) => a.code,
};
