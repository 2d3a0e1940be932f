import { openJobStatuses } from '../../reference/jobStatuses';
import { lagosOffsetMs, lagosWallClock } from '../../reference/lagosTime';
import type { Queryable } from '../db';
import { createAccountsRepository } from '../repositories/accounts';
import { createMessagesRepository } from '../repositories/messages';
import { sqlStrings } from '../repositories/sqlWhere';

const daysAgo = (days: number, hour: number) => {
  const t = new Date(Date.now() - days * 86_400_000);
  t.setUTCHours(hour, 0, 0, 0);
  return new Date(t.getTime() - lagosOffsetMs); // `hour` in Lagos
};
/** Today's messages, a few hours back: an hour of the day could still be ahead of the seed. */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/**
 * The name of the Lagos month `back` months before `at`'s: texts name the months around their
 * own date, whenever the demo is seeded (tests/server/seed/demoReadsTrue.test.ts).
 */
const monthName = (at: Date, back = 0) => {
  const wall = lagosWallClock(at);
  const first = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() - back, 1));
  return first.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
};

/**
 * A few messages both ways between the demo company and the provider's staff, some read, some
 * not, and one broadcast to every company: the inbox, the sent box and the menu badge all show
 * something. No mail is queued for them.
 */
export async function seedMessages(tx: Queryable, _ctx?: unknown) {
  const accounts = createAccountsRepository(tx);
  const messages = createMessagesRepository(tx);
  // One after another: a transaction's connection runs one statement at a time.
  const admin = await accounts.findByEmail('admin@demo.ng', tx);
  const company = await accounts.findByEmail('company@demo.ng', tx);
  const staff = await accounts.findByEmail('subadmin@demo.ng', tx);
  if (!admin || !company || !staff) return;

  const uploadAsked = daysAgo(4, 14);
  const payoutsReady = daysAgo(2, 9);
  const conversation = [
    {
      from: company,
      to: admin,
      read: true,
      sentAt: uploadAsked,
      subject: `Bulk upload for ${monthName(uploadAsked)}`,
      body:
        'Good afternoon,\n\nWe will upload about 300 Ikeja and Surulere addresses on Monday. ' +
        'Please make sure enough agents are available that week.\n\nTunde Bakare\nLagos Credit Ltd',
    },
    {
      from: admin,
      to: company,
      read: true,
      sentAt: daysAgo(3, 10),
      subject: `Re: Bulk upload for ${monthName(uploadAsked)}`,
      body:
        'Noted, thank you. We have 12 agents covering Ikeja and Surulere this month; expect the ' +
        'first results within 48 hours of upload.\n\nAda Okafor',
    },
    {
      from: staff,
      to: admin,
      read: true,
      sentAt: payoutsReady,
      subject: `Agent payouts for ${monthName(payoutsReady, 1)}`,
      body: `The ${monthName(payoutsReady, 1)} payouts for the Lagos and Ogun agents are ready for your approval.`,
    },
    {
      from: admin,
      to: company,
      read: false,
      sentAt: daysAgo(1, 16),
      subject: 'Two Lekki addresses could not be found',
      body:
        'Our agent visited 14 Admiralty Way and Plot 7, Block 94 twice. Neither exists as ' +
        'written; please confirm the addresses with your customers so we can visit again.',
    },
    {
      from: company,
      to: staff,
      read: false,
      sentAt: hoursAgo(3),
      subject: 'Wallet funding receipt',
      body: 'We funded our wallet with ₦250,000 by transfer today. Please send the receipt.',
    },
  ];
  for (const m of conversation) {
    const { id } = await messages.send(
      {
        senderId: m.from.id,
        recipientId: m.to.id,
        subject: m.subject,
        body: m.body,
        sentAt: m.sentAt,
      },
      tx,
    );
    if (m.read) await messages.markRead(id, m.to.id, tx);
  }
  // The two open agent jobs assigned last had their capture link texted to the agent 20 minutes
  // after assignment (as the log driver sends: no provider id); the job page shows "SMS sent".
  await tx.query(
    `INSERT INTO sms_outbox (job_id, to_phone, sent_by, created_at, sent_at, attempts)
     SELECT j.id, a.phone, $1, t.at, t.at + interval '2 seconds', 1
       FROM jobs j JOIN accounts a ON a.id = j.assignee_agent_id
      CROSS JOIN LATERAL (SELECT least(j.assigned_at + interval '20 minutes', now()) AS at) t
      WHERE j.status IN (${sqlStrings(openJobStatuses)}) AND a.phone IS NOT NULL
      ORDER BY j.assigned_at DESC LIMIT 2`,
    [admin.id],
  );

  const announced = hoursAgo(2);
  await messages.send(
    {
      senderId: admin.id,
      audience: 'companies',
      sentAt: announced,
      subject: 'New turnaround time for Abuja address jobs',
      body:
        `Since 1 ${monthName(announced)}, address verifications in the Federal Capital Territory ` +
        'are completed within 72 hours instead of 96. Prices do not change.',
    },
    tx,
  );
}
