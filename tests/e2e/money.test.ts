import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillInputs,
  callApi,
  apiToken,
  createUsersWithCli,
  launchChromium,
  signedInPage,
  startServer,
  submitCapture,
  type RunningServer,
} from './harness';

/**
 * The money journey in Chromium against the real server: the admin records a company's
 * bank payment, the company creates jobs (one, then a file of two) and sees the charges, an
 * agent's job is assigned, submitted and approved, the admin pays the fee out and marks it
 * paid, and the company downloads the month's invoice as a PDF.
 */
describe('money from a wallet funding to an agent’s payout and the invoice', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-money-'));
  const files = mkdtempSync(path.join(tmpdir(), 'e2e-money-files-'));
  let server: RunningServer;
  let browser: Browser;
  const admin = { email: 'finance@verifyhub.ng', password: 'Admin-pass-1' };
  const company = { email: 'accounts@adiretextiles.ng', password: 'Client-pass-1' };
  const companyName = 'Adire Textiles Ltd';
  const agent = { email: 'musa.danladi@example.ng', name: 'Musa Danladi' };

  beforeAll(async () => {
    createUsersWithCli(dataDir, [
      { role: 'admin', ...admin, firstName: 'Ngozi', lastName: 'Eze' },
      {
        role: 'company',
        ...company,
        firstName: 'Kunle',
        lastName: 'Adebayo',
        companyName,
      },
      {
        role: 'agent',
        email: agent.email,
        password: 'Agent-pass-1',
        firstName: 'Musa',
        lastName: 'Danladi',
      },
    ]);
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium();
    // The prices are the provider's settings, outside this story: Company prices in Lagos and
    // Oyo, and the agents' fee in Lagos.
    const token = await apiToken(server, admin.email, admin.password);
    for (const [state, audience, amount] of [
      ['lagos', 'company', 2500],
      ['oyo', 'company', 3000],
      ['lagos', 'agent', 1500],
    ] as const) {
      const tat = { state, jobType: 'address', audience, amount, tatInHours: 48 };
      expect((await api(token, 'POST', '/setting/tat', tat)).status).toBe(201);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(files, { recursive: true, force: true });
  });

  const api = (token: string | null, method: string, url: string, body?: unknown) =>
    callApi(server, token, method, url, body);

  // Nigerian users on Lagos time: the invoice's month is the Lagos month.
  const signedIn = (who: { email: string; password: string }) =>
    signedInPage(browser, server, who.email, who.password, { timezoneId: 'Africa/Lagos' });

  /** Chooses `option` in the MUI select labelled `label`. */
  async function pick(page: Page, label: string | RegExp, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  const menu = (page: Page, name: string) => page.getByRole('menuitem', { name }).click();
  const see = (page: Page, text: string | RegExp) =>
    page
      .getByText(text, { exact: typeof text === 'string' })
      .first()
      .waitFor();
  /** The balance the company's Transactions screen shows. */
  const walletBalance = (page: Page) =>
    page.locator('p[aria-label="Wallet balance"]').textContent();
  /** The value of a label / value pair of a `Details` list. */
  const detail = (page: Page, label: string) =>
    page.locator(`dt:text-is("${label}") + dd`).first().textContent();

  it('lets the admin record a company’s bank payment on the Fund a wallet screen', async () => {
    const page = await signedIn(admin);
    await menu(page, 'Fund a wallet');
    await page.waitForURL(/\/admin\/transactions\/fund-wallet$/);
    await pick(page, /^Company/, companyName);
    await see(page, 'Current balance: ₦0.00');
    await page.getByLabel(/^Amount \(NGN\)/).fill('20000');
    await page.getByLabel(/^Bank reference/).fill('GTB-FT-261123-0042');
    // Paid three days ago, by the Lagos calendar.
    const paidOn = new Date(Date.now() + (1 - 72) * 3_600_000).toISOString().slice(0, 10);
    await page.getByLabel(/^Paid on/).fill(paidOn);
    await page.getByRole('button', { name: 'Record payment' }).click();
    await see(page, 'Wallet funded with ₦20,000.00');

    // The form starts again empty; the company's wallet now holds the payment.
    await pick(page, /^Company/, companyName);
    await see(page, 'Current balance: ₦20,000.00');
    await page.context().close();
  });

  it('shows the company its balance, the price of each job and the charges', async () => {
    const page = await signedIn(company);
    await menu(page, 'Transactions');
    expect(await walletBalance(page)).toBe('₦20,000.00');
    await see(page, 'Wallet funding');

    // One job: its price and the balance after, before it is created.
    await menu(page, 'Create Job');
    const fields: Record<string, string> = {
      first_name: 'Chiamaka',
      last_name: 'Okafor',
      phone: '0813 444 9021',
      email: 'chiamaka.okafor@example.ng',
      address: '14 Adeola Odeku Street',
      landmark: 'Opposite the filling station',
    };
    await fillInputs(page, fields);
    await pick(page, /^State/, 'Lagos');
    await pick(page, /^LGA/, 'Ikeja');
    await see(page, 'Price');
    expect(await detail(page, 'Price')).toBe('₦2,500.00');
    expect(await detail(page, 'Wallet balance')).toBe('₦20,000.00');
    expect(await detail(page, 'Balance after')).toBe('₦17,500.00');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await see(page, 'Successfully created');
    await page.waitForURL(/\/company\/jobs/);

    // A file of two jobs in two states: its rows priced before the upload, charged at once.
    const csv = [
      'first_name,last_name,phone,email,address,landmark,state,lga',
      'Tolu,Bello,08031112222,tolu@example.ng,1 Broad Street,Near the market,lagos,Lagos Island',
      'Yemi,Ogunleye,08035556666,yemi@example.ng,"12 Ring Road, Flat 2",Opposite the mosque,oyo,Ibadan North',
    ].join('\n');
    const file = path.join(files, 'jobs.csv');
    writeFileSync(file, csv);
    await menu(page, 'Bulk upload');
    await page.waitForURL(/\/company\/create-jobs$/);
    // By its label: the single job form's attachments input may still be on the page.
    await page.getByLabel('File (CSV or XLSX)').setInputFiles(file);
    await see(page, '2 jobs');
    expect(await detail(page, 'Price')).toBe('₦5,500.00');
    // The balance read on the previous screen shows until its refetch answers.
    await expect.poll(() => detail(page, 'Wallet balance')).toBe('₦17,500.00');
    expect(await detail(page, 'Balance after')).toBe('₦12,000.00');
    await page
      .getByRole('button', { name: /upload/i })
      .last()
      .click();
    await see(page, 'Job uploaded successful');

    await menu(page, 'Transactions');
    await expect.poll(() => walletBalance(page), { timeout: 15_000 }).toBe('₦12,000.00');
    await menu(page, 'Transaction history');
    await page.waitForURL(/\/company\/transactions\/history/);
    // One charge for the job, one for the whole file.
    const charges = page.locator('tbody tr', { hasText: 'Job charge' });
    // Read in the same poll as the rows: the table may render again between two reads.
    await expect
      .poll(async () => (await charges.locator('td:last-child').allTextContents()).sort(), {
        timeout: 15_000,
      })
      .toEqual(['-₦2,500.00', '-₦5,500.00']);
    await page.context().close();
  });

  /** The capture link the server mailed the agent (printed to its log without SMTP). */
  async function mailedCaptureLink() {
    for (let waited = 0; waited < 10_000; waited += 100) {
      const link = server
        .log()
        .split('\n')
        .filter((l) => l.includes(agent.email))
        .join('\n')
        .match(/https?:\/\/[^\s"\\]+\/automatic-address-verification\/[\w-]+/)?.[0];
      if (link) return link;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no capture link mailed to ${agent.email}`);
  }

  /** The agent's evidence through the capture API, as the wizard on the phone sends it. */
  async function submitEvidence(token: string) {
    const status = await submitCapture(server, token, {
      location_text: 'Black gate, 14 Adeola Odeku',
      idempotency_key: `money-e2e-${token.slice(0, 12)}`,
    });
    expect(status).toBe(201);
  }

  it('credits the agent’s fee on approval; the admin pays it out and marks it paid', async () => {
    const page = await signedIn(admin);
    await menu(page, 'Jobs');
    await page.getByText('Chiamaka Okafor').first().click();
    await page.waitForURL(/\/admin\/jobs\/profile\//);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('Address Verification > Assign Job').first().waitFor();
    await pick(page, /user type/i, 'Agent');
    await pick(page, /^Name/, agent.name);
    await page.getByRole('button', { name: 'Assign Job' }).click();
    await see(page, 'Job successfully Assigned');
    await page.waitForURL(/\/admin\/jobs\/profile\//);

    const link = await mailedCaptureLink();
    await submitEvidence(link.split('/').pop()!);

    await page.reload();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /approve|confirm/i })
      .click();
    await see(page, 'Job successfully approved or rejected');

    // The fee shows among the agent transactions, and as the agent's available balance.
    await menu(page, 'Agent transactions');
    const fee = page.locator('tbody tr', { hasText: 'Assignee fee' });
    await fee.first().waitFor();
    expect(await fee.count()).toBe(1);
    expect(await fee.textContent()).toContain(agent.name);
    expect(await fee.textContent()).toContain('₦1,500.00');

    await menu(page, 'Agent payout');
    await pick(page, /^Agent/, agent.name);
    await see(page, 'Available balance: ₦1,500.00');
    await page.getByRole('button', { name: 'Pay out ₦1,500.00' }).click();
    await see(page, 'Payout created');
    await see(page, 'Available balance: ₦0.00');

    const payout = page.locator('tbody tr', { hasText: agent.name });
    expect(await payout.textContent()).toContain('Pending');
    await payout.click();
    await page.waitForURL(/\/admin\/transactions\/agent-payout\/[\w-]+$/);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByLabel(/^Bank reference/).fill('ZEN-NIP-99812');
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await see(page, 'Payout marked paid');
    await expect.poll(() => detail(page, 'Status')).toBe('Paid');
    expect(await detail(page, 'Bank reference')).toBe('ZEN-NIP-99812');
    expect(await detail(page, 'Amount')).toBe('₦1,500.00');
    await page.context().close();
  });

  it('lets the company download the month’s invoice as a PDF with the charges’ total', async () => {
    const page = await signedIn(company);
    await menu(page, 'Invoice');
    await page.waitForURL(/\/company\/transactions\/invoice$/);
    const lines = page.getByRole('table', { name: 'Invoice lines' });
    await expect.poll(() => lines.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    const total = lines.locator('tfoot tr', { hasText: /^Total/ });
    expect(await total.textContent()).toContain('₦8,000.00');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{2}\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    expect(text).toContain(companyName);
    // Prices include VAT at 7.5%: 8,000.00 = 7,441.86 + 558.14.
    expect(text).toMatch(/Total\s*NGN 8,000\.00/);
    expect(text).toContain('NGN 558.14');
    expect(text).toContain('NGN 7,441.86');
    await page.context().close();
  });
});
