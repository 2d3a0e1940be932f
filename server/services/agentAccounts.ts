import type { Queryable } from '../db';
import { createAccountsRepository } from '../repositories/accounts';
import type { AgentApplicationRow } from '../repositories/agentApplications';

/** Agents never sign in: the account's password can match nothing (it is not an argon2 hash). */
const noSignIn = '!field-agent: works from capture links, never signs in';

/** The account of an approved applicant: role agent, active, its email taken as confirmed. */
export function createAgentAccount(a: AgentApplicationRow, tx: Queryable) {
  return createAccountsRepository(tx).create(
    {
      role: 'agent',
      first_name: a.first_name,
      last_name: a.last_name,
      email: a.email,
      phone: a.phone,
      password_hash: noSignIn,
      confirmed: true,
    },
    tx,
  );
}
