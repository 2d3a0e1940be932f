import { useBasename } from 'react-admin';

/** Spec §2's addresses of the agent screens (admin area). */
export const agentRoutePaths = {
  agents: '/users/agents',
  agent: '/users/agents/:id',
} as const;

export function useAgentPaths() {
  const basename = useBasename();
  return {
    agents: `${basename}${agentRoutePaths.agents}`,
    agent: (id: string) => `${basename}/users/agents/${encodeURIComponent(id)}`,
  };
}
