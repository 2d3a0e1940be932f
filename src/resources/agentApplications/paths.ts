import { useBasename } from 'react-admin';

/** Spec §2's addresses of the agent application screens (admin area). */
export const agentApplicationRoutePaths = {
  list: '/users/agents/application',
  show: '/users/agents/application/:id',
} as const;

export function useAgentApplicationPaths() {
  const basename = useBasename();
  return {
    list: `${basename}${agentApplicationRoutePaths.list}`,
    show: (id: string) => `${basename}${agentApplicationRoutePaths.list}/${encodeURIComponent(id)}`,
  };
}
