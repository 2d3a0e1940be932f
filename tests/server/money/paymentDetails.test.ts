import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type MoneySettings } from '../../../server/config';
import type { TestContext } from '../helpers';
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
  it('is the demo account with the demo data and no PAYMENT_*', () => {
    expect(loadConfig(env()).money).toMatchObject({
      paymentAccount: 'demo',
      accountNumber: '0123456789',
    });
  });

  it('is not configured without the demo data, and invents no account', () => {
    const money = loadConfig(env({ DEMO_DATA: 'false' })).money!;
    expect(money).toMatchObject({
      paymentAccount: 'not_configured',
      missingPaymentVariables: [
        'PAYMENT_BANK_NAME',
        'PAYMENT_ACCOUNT_NAME',
        'PAYMENT_ACCOUNT_NUMBER',
      ],
      bankName: '',
      accountNumber: '',
    });
  });

  it('is configured with all three, and names the ones missing when some are set', () => {
    expect(loadConfig(env({ ...account, DEMO_DATA: 'false' })).money).toMatchObject({
      paymentAccount: 'configured',
      bankName: 'Providus Bank',
      accountName: 'Lagos Checks Ltd',
      accountNumber: '5401234567',
    });
    // Set on a demo too: the operator's account, not the demo's.
    expect(loadConfig(env(account)).money!.paymentAccount).toBe('configured');
    const partial = loadConfig(env({ PAYMENT_ACCOUNT_NUMBER: '5401234567' })).money!;
    expect(partial.paymentAccount).toBe('not_configured');
    expect(partial.missingPaymentVariables).toEqual(['PAYMENT_BANK_NAME', 'PAYMENT_ACCOUNT_NAME']);
    expect(() => loadConfig(env({ PAYMENT_ACCOUNT_NUMBER: '12345' }))).toThrow(ConfigError);
  });
});

describe('GET /wallet/how-to-pay and the wallet', () => {
  const apps: TestContext[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  async function howToPay(money: MoneySettings | undefined) {
    const ctx = await createJobsTestApp(money ? { money } : {});
    apps.push(ctx);
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

  it('says the demo account is a demo', async () => {
    const body = await howToPay(undefined);
    expect(body).toMatchObject({ status: 'demo', account_number: '0123456789', missing: [] });
    expect(body.instructions).toMatch(/made-up account: do not send money to it/);
  });

  it('gives the configured account as it is', async () => {
    const body = await howToPay(loadConfig(env({ ...account, DEMO_DATA: 'false' })).money);
    expect(body).toMatchObject({
      status: 'configured',
      bank_name: 'Providus Bank',
      account_name: 'Lagos Checks Ltd',
      account_number: '5401234567',
      missing: [],
    });
  });

  it('gives no account number before PAYMENT_* is set, and names the variables to set', async () => {
    const body = await howToPay(loadConfig(env({ DEMO_DATA: 'false' })).money);
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
