import type { ApplicationReceived, Bank } from '../../../server/schemas/agentApplications';
import type { Static } from 'typebox';
import { apiUrl, httpClient } from '../../httpClient/httpClient';

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

/** The public calls of the application form (no sign-in). */
export const agentApplicationApi = {
  async banks(): Promise<Bank[]> {
    const { json } = await httpClient(`${apiUrl}/banks`, { auth: false });
    return json as Bank[];
  },
  async apply(input: AgentApplicationInput): Promise<ApplicationAnswer> {
    const form = new FormData();
    for (const [name, value] of Object.entries(input)) {
      if (name === 'photo' || name === 'lgas') continue;
      form.append(name, String(value).trim());
    }
    for (const lga of input.lgas) form.append('lgas', lga);
    form.append('photo', input.photo, input.photo.name);
    const { json } = await httpClient(`${apiUrl}/agent-applications`, {
      method: 'POST',
      body: form,
      auth: false,
    });
    return json as ApplicationAnswer;
  },
};
