import type { Static } from 'typebox';
import type {
  AgentApplication,
  ApplicationReceived,
  Bank,
} from '../../../server/schemas/agentApplications';
import { apiJson } from '../../httpClient/httpClient';

export type ApplicationAnswer = Static<typeof ApplicationReceived>;

export interface AgentApplicationInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  state: string;
  lgas: string[];
  nin: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  photo: File;
}

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
