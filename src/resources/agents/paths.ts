import { useBasename } from 'react-admin';

/** Spec §2's addresses of the agent screens (admin area). */
export const agentRoutePaths = {
  applications: '/users/agents/application',
  application: '/users/agents/application/:id',
  agents: '/users/agents',
  agent: '/users/agents/:id',
} as const;

export function useAgentPaths() {
  const basename = useBasename();
  return {
    applications: `${basename}${agentRoutePaths.applications}`,
    application: (id: string) => `${basename}/users/agents/application/${encodeURIComponent(id)}`,
    agents: `${basename}${agentRoutePaths.agents}`,
    agent: (id: string) => `${basename}/users/agents/${encodeURIComponent(id)}`,
  };
}
