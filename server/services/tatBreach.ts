import type { FastifyInstance } from 'fastify';
import { lagosTimeZone } from '../../reference/lagosTime';
import type { Queryable } from '../db';
import type { AccountsRepository } from '../repositories/accounts';
import type { JobsRepository } from '../repositories/jobs';
import type { OverdueJob } from '../repositories/jobsWrites';
import { sendMessageWithMail, type Sender } from './notify';
import { queueNames } from './queue';
import { publishJobEvents, type WebhookQueue } from './webhooks';

/** Breaches marked per transaction: a deadline shared by thousands of jobs is told in rounds. */
const perRound = 200;
/** Codes listed in one message; the rest are counted. */
const codesShown = 50;

const dueTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: lagosTimeZone,
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

type TatApp = Pick<FastifyInstance, 'db' | 'repos' | 'config' | 'mailer' | 'queue'>;

/**
 * The queue's TAT-breach check: every open job past its due time without a submission, once per
 * deadline, gets an 'overdue' event in its history, and its assignee and its owner a message
 * (and its mail) listing their late jobs. Then the next check is queued for the next deadline,
 * so a breach is found when it happens; the minutely schedule catches deadlines set since.
 * Returns the number of jobs found late.
 */
export async function checkTatBreaches(app: TatApp) {
  let found = 0;
  for (;;) {
    const n = await app.db.transaction((tx) =>
      markAndTellLate(
        { ...app.repos, queue: app.queue },
        (m) => sendMessageWithMail(app, m, tx),
        tx,
      ),
    );
    found += n;
    if (n < perRound) break;
  }
  const next = await app.repos.jobs.nextDueAt(app.db);
  if (next) {
    await app.queue.send(
      queueNames.tatBreach,
      {},
      // One check per distinct deadline, however many runs see it first.
      { startAfter: next, singletonKey: next.toISOString() },
    );
  }
  return found;
}

/** How someone is told: a message (with its mail, but not in the demo's seed). */
export type Tell = (m: {
  sender: Sender;
  recipientId: string;
  subject: string;
  body: string;
}) => Promise<unknown>;

/**
 * One round: marks up to `perRound` late jobs (an 'overdue' event each), publishes `job.overdue`
 * to their owners' webhooks, and sends one message per person told, listing all their jobs found
 * late. Returns how many were marked.
 */
export async function markAndTellLate(
  deps: { jobs: JobsRepository; accounts: AccountsRepository; queue: WebhookQueue },
  tell: Tell,
  tx: Queryable,
) {
  const late = await deps.jobs.markOverdue(perRound, tx);
  await publishJobEvents(
    deps.queue,
    tx,
    'job.overdue',
    late.map((j) => j.id),
    late.map((j) => j.company_id),
  );
  const told = new Map<string, { role: 'owner' | 'assignee'; jobs: OverdueJob[] }>();
  const add = (id: string | null, role: 'owner' | 'assignee', job: OverdueJob) => {
    if (!id) return;
    const entry = told.get(id) ?? { role, jobs: [] };
    entry.jobs.push(job);
    told.set(id, entry);
  };
  for (const job of late) {
    add(job.owner_id, 'owner', job);
    // A company that gave its own job to itself is told once, as the owner.
    if (job.assignee_id !== job.owner_id) add(job.assignee_id, 'assignee', job);
  }
  const senders = new Map<string, Sender | undefined>();
  for (const [recipientId, { role, jobs }] of told) {
    // From whoever assigned the job: who set the deadline.
    const senderId = jobs[0]!.assigner_id ?? recipientId;
    if (!senders.has(senderId)) senders.set(senderId, await deps.accounts.findById(senderId, tx));
    const sender = senders.get(senderId);
    if (sender) await tell({ sender, recipientId, ...lateMessage(role, jobs) });
  }
  return late.length;
}

/** The words of a breach message. */
function lateMessage(role: 'owner' | 'assignee', jobs: OverdueJob[]) {
  const n = jobs.length;
  const lines = jobs.slice(0, codesShown).map((j) => `${j.code} (due ${dueTime.format(j.due_at)})`);
  if (n > codesShown) lines.push(`…and ${n - codesShown} more`);
  const subject =
    n === 1
      ? `${jobs[0]!.code} is past its turnaround time`
      : `${n} jobs are past their turnaround time`;
  const ask =
    role === 'assignee'
      ? 'Please visit and submit the verification as soon as you can, or decline the job so that it can be reassigned.'
      : 'The assignee has been told. You can follow the job on its page, or cancel it.';
  const body =
    `The turnaround time of ${n === 1 ? 'this job' : 'these jobs'} passed without a submission:\n\n` +
    `${lines.join('\n')}\n\n${ask}`;
  return { subject, body };
}
