import type { Queryable } from '../db';
import { createAccountsRepository } from '../repositories/accounts';
import { createJobsRepository } from '../repositories/jobs';
import { createMessagesRepository } from '../repositories/messages';
import { markAndTellLate, type Tell } from '../services/tatBreach';
import { noEndpointYet } from './demoJobs';

/**
 * The demo's late jobs (assigned or accepted, past their due time) are found as the queue's
 * check finds them: an 'overdue' event each and a message to their assignees and owners. No mail
 * is queued for them, as for the demo's other messages.
 */
export async function seedTatBreaches(tx: Queryable) {
  const deps = {
    jobs: createJobsRepository(tx),
    accounts: createAccountsRepository(tx),
    queue: noEndpointYet,
  };
  const messages = createMessagesRepository(tx);
  const tell = (m: Parameters<Tell>[0]) =>
    messages.send(
      { senderId: m.sender.id, recipientId: m.recipientId, subject: m.subject, body: m.body },
      tx,
    );
  for (let marked = 1; marked > 0;) marked = await markAndTellLate(deps, tell, tx);
}
