import type { AgentApplication } from '../../server/schemas/agentApplications';
import type { Agent } from '../../server/schemas/agents';
import { apiUrl, httpClient } from '../httpClient/httpClient';

/** The agent calls that are not CRUD: deciding an application, (de)activating an agent. */
export const agentsApi = {
  async decideAgentApplication(action: 'approve' | 'reject', id: string) {
    const { json } = await httpClient(`${apiUrl}/user/approve-or-reject-agent/${action}`, {
      method: 'PUT',
      body: JSON.stringify({ id }),
    });
    return json as { message: string; data: AgentApplication };
  },
  async setAgentStatus(id: string, status: 0 | 1) {
    const { json } = await httpClient(`${apiUrl}/agents/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: JSON.stringify({ status }),
    });
    return json as Agent;
  },
};
