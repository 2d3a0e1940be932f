import type { Agent } from '../../../server/schemas/agents';
import { apiJson } from '../../httpClient/httpClient';

/** The agent calls that are not CRUD: (de)activating an agent. */
export const agentsApi = {
  setAgentStatus: (id: string, status: 0 | 1) =>
    apiJson<Agent>(`/agents/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } }),
};
