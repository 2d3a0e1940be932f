import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, lastMailLink, post, signupBody, type TestContext } from '../helpers';

interface OutboxRow {
  to_address: string;
  subject: string;
  text_body: string | null;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
}

const outboxOf = async (ctx: TestContext, to: string) =>
  (
    await ctx.db.query<OutboxRow>(
      `SELECT to_address, subject, text_body, sent_at, attempts, last_error
         FROM mail_outbox WHERE to_address = $1`,
      [to],
    )
  ).rows;

describe('security: the outbox keeps a mail body only until it is delivered', () => {
  describe('without SMTP_URL (the log is the delivery)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(() => ctx?.close());

    it('prints the mail with its link, then keeps only recipient, subject and times', async () => {
      const body = signupBody();
      expect((await post(ctx.app, 'signup', body)).statusCode).toBe(201);
      const token = (await lastMailLink(ctx.db, body.email)).searchParams.get('token')!;
      const rows = await outboxOf(ctx, body.email);
      expect(rows).toEqual([
        {
          to_address: body.email,
          subject: 'Confirm your email',
          text_body: null,
          sent_at: expect.any(Date),
          attempts: 1,
          last_error: null,
        },
      ]);
      expect(JSON.stringify(rows)).not.toContain(token);
      // The printed link is the live one.
      expect((await post(ctx.app, 'confirm-email', { token })).statusCode).toBe(200);
    });

    it('clears the body of mail left undelivered for a day, without sending it', async () => {
      await ctx.db.query(
        `INSERT INTO mail_outbox (to_address, subject, text_body, created_at)
         VALUES ('stale@example.ng', 'Reset your password', 'http://x/setpassword?token=old',
                 now() - interval '25 hours')`,
      );
      expect(await ctx.app.mailer.clearStale()).toBeGreaterThanOrEqual(1);
      expect(await outboxOf(ctx, 'stale@example.ng')).toEqual([
        expect.objectContaining({ text_body: null, sent_at: null, attempts: 0 }),
      ]);
    });
  });

  describe('with an SMTP server that refuses', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      // Port 1 on this host: connections are refused at once.
      ctx = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    });
    afterAll(() => ctx?.close());

    it('keeps the body for the retries, then clears it after the last attempt', async () => {
      const body = signupBody();
      // The row as each try finds it: the body is there for every one of the five.
      const seen: { attempts: number; hasBody: boolean }[] = [];
      const deliver = ctx.app.mailer.deliver.bind(ctx.app.mailer);
      const spy = vi.spyOn(ctx.app.mailer, 'deliver').mockImplementation(async (ids) => {
        const [row] = await outboxOf(ctx, body.email);
        seen.push({ attempts: row!.attempts, hasBody: row!.text_body !== null });
        return deliver(ids);
      });
      expect((await post(ctx.app, 'signup', body)).statusCode).toBe(201);
      await ctx.app.mailer.idle(); // the queue tries until the last attempt
      spy.mockRestore();
      expect(seen).toEqual([0, 1, 2, 3, 4].map((attempts) => ({ attempts, hasBody: true })));
      expect((await outboxOf(ctx, body.email))[0]).toMatchObject({
        attempts: 5,
        sent_at: null,
        text_body: null,
        last_error: expect.any(String),
      });
    });
  });
});
