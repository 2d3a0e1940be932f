import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type MoneySettings } from '../../../server/config';
import { createUser, type TestContext } from '../helpers';
import { createJobsTestApp, signIn } from '../jobs/support';

const env = (more: Record<string, string> = {}) => ({
  DATA_DIR: '/tmp/payment-details-test',
  JWT_SECRET: 'x'.repeat(32),
  ...more,
});
const account = {
  PAYMENT_BANK_NAME: 'Providus Bank',
  PAYMENT_ACCOUNT_NAME: 'Lagos Checks Ltd',
  PAYMENT_ACCOUNT_NUMBER: '5401234567',
};

describe('PAYMENT_* in the configuration', () => {
  it('is not configured without it, demo data or not, and invents no account', () => {
    for (const demo of ['true', 'false']) {
      expect(loadConfig(env({ DEMO_DATA: demo })).money).toMatchObject({
        paymentAccount: 'not_configured',
        missingPaymentVariables: [
          'PAYMENT_BANK_NAME',
          'PAYMENT_ACCOUNT_NAME',
          'PAYMENT_ACCOUNT_NUMBER',
        ],
        bankName: '',
        accountNumber: '',
      });
    }
  });

  it('is configured with all three, and names the ones missing when some are set', () => {
    expect(loadConfig(env(account)).money).toMatchObject({
      paymentAccount: 'configured',
      bankName: 'Providus Bank',
      accountName: 'Lagos Checks Ltd',
      accountNumber: '5401234567',
    });
    const partial = loadConfig(env({ PAYMENT_ACCOUNT_NUMBER: '5401234567' })).money!;
    expect(partial.paymentAccount).toBe('not_configured');
    expect(partial.missingPaymentVariables).toEqual(['PAYMENT_BANK_NAME', 'PAYMENT_ACCOUNT_NAME']);
    expect(() => loadConfig(env({ PAYMENT_ACCOUNT_NUMBER: '12345' }))).toThrow(ConfigError);
  });
});

describe('GET /wallet/how-to-pay and the wallet', () => {
  const apps: TestContext[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  async function howToPay(money: MoneySettings, { demo = false } = {}) {
    const ctx = await createJobsTestApp({ money });
    apps.push(ctx);
    // The demo's sign-ins: only a database seeded with the demo has them.
    if (demo) await createUser(ctx.db, { role: 'admin', email: 'admin@demo.ng' });
    const company = await signIn(ctx.app, ctx.db, 'company');
    const admin = await signIn(ctx.app, ctx.db, 'admin');
    const own = await ctx.app.inject({
      url: '/api/v2/wallet/how-to-pay',
      headers: company.headers,
    });
    const adminView = await ctx.app.inject({
      url: '/api/v2/wallet/how-to-pay',
      headers: admin.headers,
    });
    const wallet = await ctx.app.inject({ url: '/api/v2/wallet', headers: company.headers });
    expect(own.statusCode).toBe(200);
    expect(adminView.json()).toEqual(own.json());
    expect(wallet.json().how_to_pay).toEqual(own.json());
    const agent = await signIn(ctx.app, ctx.db, 'agent');
    expect(
      (await ctx.app.inject({ url: '/api/v2/wallet/how-to-pay', headers: agent.headers }))
        .statusCode,
    ).toBe(401);
    return own.json() as Record<string, unknown>;
  }

  const unset = () => loadConfig(env()).money!;

  it('says the demo account is a demo, over the demo data only', async () => {
    const body = await howToPay(unset(), { demo: true });
    expect(body).toMatchObject({ status: 'demo', account_number: '0123456789' });
    expect(body.instructions).toMatch(/made-up account: do not send money to it/);
  });

  it('gives the configured account as it is', async () => {
    const body = await howToPay(loadConfig(env(account)).money!, { demo: true });
    expect(body).toMatchObject({
      status: 'configured',
      bank_name: 'Providus Bank',
      account_name: 'Lagos Checks Ltd',
      account_number: '5401234567',
      missing: [],
    });
  });

  it('gives no account number before PAYMENT_* is set, and names the variables to set', async () => {
    const body = await howToPay(unset());
    expect(body).toMatchObject({
      status: 'not_configured',
      bank_name: null,
      account_name: null,
      account_number: null,
      missing: ['PAYMENT_BANK_NAME', 'PAYMENT_ACCOUNT_NAME', 'PAYMENT_ACCOUNT_NUMBER'],
    });
    expect(body.instructions).toContain('PAYMENT_ACCOUNT_NUMBER');
    expect(JSON.stringify(body)).not.toMatch(/\d{10}/);
  });
});
