import type { Agent } from '../../../server/schemas/agents';
import type { ResourcePart } from '../../dataProvider/resourcePart';
import { apiJson } from '../../httpClient/httpClient';

/** The agent calls that are not CRUD: (de)activating an agent. */
export const agentsApi = {
  setAgentStatus: (id: string, status: 0 | 1) =>
    apiJson<Agent>(`/agents/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } }),
};

/** `update('agents', {id, data: {status}})`: `PATCH /agents/{id}` `{status}` (deactivate or activate). */
export const agentsPart: ResourcePart = {
  async update(params) {
    const { status } = params.data as { status: 0 | 1 };
    const agent = await agentsApi.setAgentStatus(String(params.id), status);
    return { data: { ...params.previousData, ...agent } };
  },
};
