import type { Static } from 'typebox';
import type {
  AgentApplication,
  AgentApplicationBody,
  ApplicationReceived,
  Bank,
} from '../../../server/schemas/agentApplications';
import { apiJson } from '../../httpClient/httpClient';

export type ApplicationAnswer = Static<typeof ApplicationReceived>;

/** The form's fields as the schema types them; the web sends every LGA as a part, and a `File`. */
export type AgentApplicationInput = Omit<AgentApplicationBody, 'lgas' | 'photo'> & {
  lgas: string[];
  photo: File;
};

/** Deciding an application (admin area), spread on the dataProvider. */
export const agentApplicationsApi = {
  decideAgentApplication: (action: 'approve' | 'reject', id: string) =>
    apiJson<{ message: string; data: AgentApplication }>(
      `/user/approve-or-reject-agent/${action}`,
      { method: 'PUT', body: { id } },
    ),
};

/** The public calls of the application form (no sign-in, outside the areas' dataProvider). */
export const agentApplicationPublicApi = {
  banks: () => apiJson<Bank[]>('/banks', { auth: false }),
  apply(input: AgentApplicationInput) {
    const form = new FormData();
    for (const [name, value] of Object.entries(input)) {
      if (name === 'photo' || name === 'lgas') continue;
      form.append(name, String(value).trim());
    }
    for (const lga of input.lgas) form.append('lgas', lga);
    form.append('photo', input.photo, input.photo.name);
    return apiJson<ApplicationAnswer>('/agent-applications', {
      method: 'POST',
      body: form,
      auth: false,
    });
  },
};
