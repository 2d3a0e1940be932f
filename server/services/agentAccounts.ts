import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db';
import { createAccountsRepository } from '../repositories/accounts';
import type { AgentApplicationRow } from '../repositories/agentApplications';
import { planMoves, writeMoves } from './jobMoves';
import { movableFrom } from './jobStateMachine';
import { sendMessageWithMail } from './notify';

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

const maxJobsInMessage = 100;

/**
 * Deactivates an agent in the caller's transaction. Its links die with it; its open jobs go back
 * to the provider to assign again (withdrawn, an event each, their links revoked) and each owner
 * company is told by a message from `actor`, mailed as messages are (the queue delivers after
 * commit). What it earned stays: submitted work can still be approved, its balance paid out.
 * Returns false for no such agent.
 */
export async function deactivateAgent(
  app: Pick<FastifyInstance, 'repos' | 'config' | 'mailer' | 'queue'>,
  agentId: string,
  actor: { id: string; first_name: string; last_name: string },
  tx: Queryable,
) {
  const { agents, jobs, captures, companies } = app.repos;
  const name = await agents.setStatus(agentId, 0, tx);
  if (name === undefined) return false;
  const open = await jobs.lockForMoveOfAgent(agentId, movableFrom('withdraw'), tx);
  if (!open.length) return true;
  const reason = `Handed back: ${name} was deactivated`;
  const moves = open.map((job) => planMoves(job, [{ action: 'withdraw', reason }]));
  await writeMoves({ jobs, queue: app.queue }, moves, actor.id, tx);
  await captures.revokeForJobs(
    open.map((j) => j.id),
    tx,
  );
  const byOwner = new Map<string, string[]>();
  for (const j of open) byOwner.set(j.company_id, [...(byOwner.get(j.company_id) ?? []), j.code]);
  for (const [companyId, codes] of byOwner) {
    const ownerId = (await companies.find(companyId, tx))?.owner_id;
    if (ownerId) await tellOwner(app, ownerId, codes.sort(), actor, tx);
  }
  return true;
}

/** The message (and its mail) telling a company's owner its jobs were handed back. */
async function tellOwner(
  app: Pick<FastifyInstance, 'repos' | 'config' | 'mailer'>,
  ownerId: string,
  codes: string[],
  actor: { id: string; first_name: string; last_name: string },
  tx: Queryable,
) {
  const n = codes.length;
  const shown = codes.slice(0, maxJobsInMessage);
  const more = n > shown.length ? `\n…and ${n - shown.length} more` : '';
  const subject =
    n === 1 ? `${codes[0]} goes back for reassignment` : `${n} jobs go back for reassignment`;
  const body =
    `The field agent working on ${n === 1 ? 'this job' : 'these jobs'} was deactivated, so ` +
    `${n === 1 ? 'it goes' : 'they go'} back to the provider to be assigned again:\n\n` +
    shown.join('\n') +
    more;
  await sendMessageWithMail(app, { sender: actor, recipientId: ownerId, subject, body }, tx);
}
