import { findBank } from '../../reference/banks';
import { stateName } from '../../reference/locations';
import type { AgentApplicationRow } from '../repositories/agentApplications';
import type { AgentRow } from '../repositories/agents';
import { iso, isoOrNull } from './jobAccess';

const bankName = (code: string) => findBank(code)?.name ?? code;

/** An application as staff see it (never the photo's storage key). */
export const applicationView = (a: AgentApplicationRow) => ({
  id: a.id,
  code: a.code,
  status: a.status,
  first_name: a.first_name,
  last_name: a.last_name,
  full_name: `${a.first_name} ${a.last_name}`,
  email: a.email,
  phone: a.phone,
  state: a.state,
  state_name: stateName(a.state),
  lgas: a.lgas,
  nin: a.nin,
  bank_code: a.bank_code,
  bank_name: bankName(a.bank_code),
  account_number: a.account_number,
  account_name: a.account_name,
  photo_url: `/api/v2/agent-applications/${a.id}/photo`,
  created_at: iso(a.created_at),
  decided_at: isoOrNull(a.decided_at),
  agent_id: a.account_id,
  duplicates: a.duplicates,
});

/** An approved agent with its profile. */
export const agentView = (a: AgentRow) => ({
  id: a.id,
  code: a.code,
  first_name: a.first_name,
  last_name: a.last_name,
  full_name: `${a.first_name} ${a.last_name}`,
  email: a.email,
  phone: a.phone,
  status: a.status,
  state: a.state,
  state_name: a.state ? stateName(a.state) : null,
  lgas: a.lgas ?? [],
  nin: a.nin,
  bank_code: a.bank_code,
  bank_name: a.bank_code ? bankName(a.bank_code) : null,
  account_number: a.account_number,
  account_name: a.account_name,
  photo_url: a.photo_key ? `/api/v2/agents/${a.id}/photo` : null,
  application_id: a.application_id,
  created_at: iso(a.created_at),
  jobs_total: a.jobs_total,
  average_rating: a.average_rating,
});
