import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, post, signupBody, type TestContext } from '../helpers';

const mailServerMs = 400;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('security: sign-up and recover-password do not tell whether an account exists', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // A slow mail server: delivering inside the request would show in the answer time.
    vi.spyOn(ctx.app.mailer, 'deliver').mockImplementation(
      () => new Promise((resolve) => setTimeout(resolve, mailServerMs)),
    );
  });
  afterAll(() => ctx?.close());

  /** The answer's status, content type and bytes, and how long it took. */
  async function timed(route: string, payload: object) {
    const t0 = performance.now();
    const res = await post(ctx.app, route, payload);
    const ms = performance.now() - t0;
    return {
      ms,
      answer: { status: res.statusCode, type: res.headers['content-type'], body: res.body },
    };
  }

  /**
   * Medians over alternating tries: the difference must stay well under the mail server's
   * delay, which is what a client would see if mail were sent before answering.
   */
  async function compare(route: string, known: () => Promise<object>, unknown: () => object) {
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const k = await timed(route, await known());
      const u = await timed(route, unknown());
      knownMs.push(k.ms);
      unknownMs.push(u.ms);
      answers.add(JSON.stringify(k.answer)).add(JSON.stringify(u.answer));
    }
    expect(answers.size, [...answers].join('\n')).toBe(1);
    expect(Math.abs(median(knownMs) - median(unknownMs))).toBeLessThan(mailServerMs / 2);
  }

  it('still delivers the mail, after answering', async () => {
    const deliver = vi.mocked(ctx.app.mailer.deliver);
    const { email } = await createUser(ctx.db);
    expect((await post(ctx.app, 'recover-password', { email })).statusCode).toBe(200);
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it('recover-password: answers before it looks the email up, so known and unknown emails do the same work first', async () => {
    const { email } = await createUser(ctx.db);
    const unknown = 'nobody-held@example.ng';
    const accounts = ctx.app.repos.accounts;
    const lookUp = accounts.findByEmail.bind(accounts);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every lookup waits until released: an answer that needed it would not come.
    const findByEmail = vi.spyOn(accounts, 'findByEmail').mockImplementation(async (...args) => {
      await held;
      return lookUp(...args);
    });
    try {
      for (const to of [email, unknown]) {
        const answer = await Promise.race([
          post(ctx.app, 'recover-password', { email: to }),
          new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 3000)),
        ]);
        expect(answer, to).not.toBe('no answer');
        expect(answer !== 'no answer' && answer.statusCode).toBe(200);
      }
      release();
      await ctx.app.mailer.idle();
      expect(findByEmail.mock.calls.map((call) => call[0])).toEqual([email, unknown]);
      const mailed = await ctx.db.query<{ to_address: string }>(
        'SELECT to_address FROM mail_outbox WHERE to_address IN ($1, $2)',
        [email, unknown],
      );
      expect(mailed.rows).toEqual([{ to_address: email }]);
    } finally {
      release();
      findByEmail.mockRestore();
    }
  });

  it('sign-up: the same 201, as fast, for a taken email and a new one', async () => {
    await compare(
      'signup',
      async () => signupBody({ email: (await createUser(ctx.db)).email }),
      () => signupBody(),
    );
  });

  it('recover-password: the same 200, as fast, for a known email and an unknown one', async () => {
    let n = 0;
    await compare(
      'recover-password',
      async () => ({ email: (await createUser(ctx.db)).email }),
      () => ({ email: `nobody-${++n}@example.ng` }),
    );
  });
});
