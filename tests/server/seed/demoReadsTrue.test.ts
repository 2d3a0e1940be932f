import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosWallClock } from '../../../reference/lagosTime';
import { createDemoTestApp } from '../demoSnapshot';
import type { TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDemoTestApp();
}, 120_000);
afterAll(() => ctx.close());

const rows = async <T>(sql: string) => (await ctx.db.query<T>(sql)).rows;

describe('the demo reads true', () => {
  it('no two demo people (staff, company users, agents, applicants) share a full name', async () => {
    // One key per person: an agent and their applications (a repeat application too) are one.
    const people = await rows<{ name: string; person: string }>(
      `SELECT a.first_name || ' ' || a.last_name AS name, coalesce(app.nin, a.id::text) AS person
         FROM accounts a LEFT JOIN agent_applications app ON app.account_id = a.id
        WHERE a.erased_at IS NULL
       UNION
       SELECT first_name || ' ' || last_name, coalesce(nin, id::text)
         FROM agent_applications WHERE erased_at IS NULL`,
    );
    expect(people.length).toBeGreaterThan(25);
    const byName = new Map<string, Set<string>>();
    for (const p of people) byName.set(p.name, (byName.get(p.name) ?? new Set()).add(p.person));
    const shared = [...byName].filter(([, who]) => who.size > 1).map(([name]) => name);
    expect(shared).toEqual([]);
  });

  it('a month a message names is its own or one of the three before it, never a later one', async () => {
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    const messages = await rows<{ subject: string; body: string; created_at: Date }>(
      'SELECT subject, body, created_at FROM messages',
    );
    const named = messages.flatMap((m) =>
      [...`${m.subject}\n${m.body}`.matchAll(new RegExp(`\\b(${months.join('|')})\\b`, 'g'))].map(
        (match) => ({ month: match[1]!, message: m }),
      ),
    );
    // The demo names months (payouts, uploads, a new TAT): the check is not empty.
    expect(named.length).toBeGreaterThanOrEqual(4);
    for (const { month, message } of named) {
      const own = lagosWallClock(message.created_at).getUTCMonth();
      const back = (own - months.indexOf(month) + 12) % 12;
      expect(back, `${month} in "${message.subject}"`).toBeLessThanOrEqual(3);
    }
  });

  it('shows a capture link texted to an agent: open agent jobs with their last SMS sent', async () => {
    const texted = await rows<{
      status: string;
      to_phone: string;
      agent_phone: string;
      body: null;
    }>(
      `SELECT j.status, s.to_phone, a.phone AS agent_phone, s.body
         FROM sms_outbox s JOIN jobs j ON j.id = s.job_id
         JOIN accounts a ON a.id = j.assignee_agent_id
        WHERE s.sent_at IS NOT NULL`,
    );
    expect(texted.length).toBeGreaterThanOrEqual(1);
    for (const t of texted) {
      expect(['assigned', 'accepted']).toContain(t.status);
      expect(t.to_phone).toBe(t.agent_phone);
      expect(t.body).toBeNull();
    }
  });
});
