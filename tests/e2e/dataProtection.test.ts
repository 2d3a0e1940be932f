import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  newContext,
  signedInPage,
  startDemoServer,
  type RunningServer,
} from './harness';

/**
 * Data protection in the browser: the provider's breach register with its 72-hour deadlines,
 * the signed-in devices a user sees and signs out, and the privacy policy's retention.
 */
describe('data protection screens', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the admin keeps the breach register: deadlines shown, a new entry recorded', async () => {
    const page = await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!');
    await page.getByRole('menuitem', { name: 'Data breaches' }).click();
    // The demo's open entry, found six hours ago, and its closed one, notified in time.
    await page.getByText(/Notify NDPC by .* \(in (6[5-6]) h\)/).waitFor();
    await page.getByText(/^NDPC notified /).waitFor();

    await page.getByRole('link', { name: 'Record a breach' }).click();
    await page.getByLabel('What happened').fill('Printed job sheets left on a bus in Yaba');
    await page.getByLabel('Data and people affected').fill('Names and addresses of 12 subjects');
    const found = new Date(Date.now() - 80 * 3_600_000);
    const local = new Date(found.getTime() - found.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    await page.getByLabel('When it was found').fill(local);
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Printed job sheets' });
    await row.waitFor();
    // Found 80 hours ago and not notified: 8 hours past the NDPC's 72.
    await row.getByText(/^Overdue by [78] h$/).waitFor();
    await page.context().close();
  });

  it('a company is not offered the register, and the API refuses it', async () => {
    const page = await signedInPage(browser, server, 'company@demo.ng', 'Company1234!');
    expect(await page.getByRole('menuitem', { name: 'Data breaches' }).count()).toBe(0);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/v2/breaches', {
        headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return res.status;
    });
    expect(status).toBe(403);
    await page.context().close();
  });

  it('Settings lists the signed-in devices and signs the others out', async () => {
    // Another device: a phone that signed in through the API.
    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent':
          'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      },
      body: JSON.stringify({ email: 'subadmin@demo.ng', password: 'Subadmin1234!' }),
    });
    const phone = (await login.json()) as { refreshToken: string };

    const page = await signedInPage(browser, server, 'subadmin@demo.ng', 'Subadmin1234!');
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await devices.getByText('Chrome on Android').waitFor();
    await devices.getByText('This device').waitFor();
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText('Every other device is signed out').waitFor();
    await expect.poll(() => devices.getByText('Chrome on Android').count()).toBe(0);

    const refresh = await fetch(`${server.url}/api/v2/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: phone.refreshToken }),
    });
    expect(refresh.status).toBe(401);
    // This browser goes on.
    await page.reload();
    await devices.getByText('This device').waitFor();
    await page.context().close();
  });

  it('the privacy policy states the retention and how to ask for erasure', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/privacy-policy');
    await page.getByText(/365 days after the job is closed/).waitFor();
    await page.getByText(/for a copy of your data or for its erasure/).waitFor();
    await context.close();
  });
});
