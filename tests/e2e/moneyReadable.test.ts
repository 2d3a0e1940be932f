import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInPage, startDemoServer, type RunningServer } from './harness';

/**
 * Money a person can read, in the browser on the demo: references that name jobs, invoices of
 * past months, and the demo's payment account marked as one (phones.test.ts measures the money
 * screens on a phone with every other screen).
 */
describe('readable money', () => {
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

  const company = (options = {}) =>
    signedInPage(browser, server, 'company@demo.ng', 'Company1234!', options);
  const admin = (options = {}) =>
    signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!', options);

  it('the history names each charge by its job, linked to the job, with a sentence', async () => {
    const page = await company();
    await page.goto('/company/transactions/history');
    const row = page
      .getByRole('row')
      .filter({ hasText: / charged/ })
      .first();
    await row.waitFor();
    const link = row.getByRole('link', { name: /^JOB-\d{6}$/ });
    const code = await link.textContent();
    await row.getByText(new RegExp(`verification ${code} charged`)).waitFor();
    expect(await page.getByText(/^charge:/).count()).toBe(0);
    await link.click();
    await page.waitForURL(/\/company\/jobs\/profile\//);
    await page.getByText(code!).first().waitFor();
    await page.context().close();
  });

  it('the invoice page lists past months and opens two different months’ invoices', async () => {
    const page = await company();
    await page.goto('/company/transactions/invoice');
    const months = page.getByRole('list', { name: 'Invoices by month' });
    const links = months.getByRole('link');
    await links.first().waitFor();
    expect(await links.count()).toBeGreaterThanOrEqual(4);
    const numbers: string[] = [];
    for (const i of [1, 2]) {
      const link = links.nth(i);
      const [, total] = (await link.textContent())!.match(/jobs? · (₦[\d,.]+)/)!;
      await link.click();
      const month = new URL(page.url()).searchParams.get('month')!;
      const number = page.getByText(new RegExp(`^INV-${month.replace('-', '')}-`));
      await number.waitFor();
      numbers.push((await number.textContent())!);
      // The preview's total is the month's total the list showed.
      await page
        .getByRole('row', { name: new RegExp(`Total\\s*${total!.replace(/[.]/g, '\\.')}`) })
        .waitFor();
    }
    expect(new Set(numbers).size).toBe(2);
    await page.context().close();
  });

  it('fund a wallet says the demo account is not a real bank account', async () => {
    const page = await admin();
    await page.goto('/admin/transactions/fund-wallet');
    await page
      .getByRole('region', { name: 'Where companies pay' })
      .getByText('Demo account — not a real bank account')
      .waitFor();
    await page.context().close();
  });
});
