import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillInputs,
  callApi,
  addressJobForm,
  fundCompany,
  launchChromium,
  newContext,
  startDemoServer,
  type RunningServer,
} from './harness';

/**
 * The agents' journey in Chromium against the real server: someone applies on the public page,
 * the admin approves the application, assigns a job to the new agent, and the agent's mail holds
 * the job's capture link.
 */
describe('an agent applies, is approved, is assigned a job and receives its capture link', () => {
  let server: RunningServer;
  let browser: Browser;
  const applicant = { first: 'Adaeze', last: 'Nwachukwu', email: 'adaeze.n@example.ng' };

  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = (token: string | null, method: string, url: string, body?: unknown) =>
    callApi(server, token, method, url, body);
  const tokenOf = async (email: string, password: string) =>
    (await api(null, 'POST', '/auth/login', { email, password })).body.accessToken as string;

  /** Chooses `option` in the MUI select labelled `label`. */
  async function pick(page: Page, label: string | RegExp, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('takes the application on the public page linked from the login page', async () => {
    const photo = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-agent-')), 'me.jpg');
    writeFileSync(
      photo,
      await sharp({ create: { width: 300, height: 400, channels: 3, background: '#7a5' } })
        .jpeg()
        .toBuffer(),
    );
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Become a field agent' }).click();
    await page.waitForURL(/\/become-an-agent$/);
    const fields: Record<string, string> = {
      first_name: applicant.first,
      last_name: applicant.last,
      email: applicant.email,
      phone: '0803 777 1234',
      nin: '12345678901',
      account_number: '0000014578', // a wrong check digit first
      account_name: 'ADAEZE NWACHUKWU',
    };
    await fillInputs(page, fields);
    await pick(page, /^State you work in/, 'Enugu');
    await pick(page, /^LGAs you cover/, 'Nsukka');
    await page.keyboard.press('Escape');
    await pick(page, /^Bank/, 'First Bank of Nigeria');
    await page.locator('input[type="file"]').setInputFiles(photo);
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('This is not a valid account number at this bank').waitFor();

    await page.locator('input[name="account_number"]').fill('0000014579');
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByRole('heading', { name: 'Application received' }).waitFor();
    await page.getByText(/APP-\d{6}/).waitFor();
    await context.close();
  });

  it('lets the admin approve it, assign a job to the new agent, and mails the agent the link', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="email"]').fill('admin@demo.ng');
    await page.locator('input[name="password"]').fill('Admin1234!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);

    await page.getByRole('menuitem', { name: 'Agent applications' }).click();
    await page.waitForURL(/\/admin\/users\/agents\/application/);
    await page.getByText(`${applicant.first} ${applicant.last}`).click();
    await page.waitForURL(/\/admin\/users\/agents\/application\/[\w-]+$/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/approved: Adaeze Nwachukwu is now an agent/).waitFor();
    await page.getByText('Approved', { exact: true }).first().waitFor();

    await page.getByRole('menuitem', { name: 'Agent management' }).click();
    await page.locator('input[name="q"]').fill('Nwachukwu');
    // The search reaches the URL 500 ms after typing, by a navigation of the list's own: it undid
    // a row click (the agent is on the unfiltered page too) whose page was still rendering.
    await page.waitForURL(/[?&]filter=[^&]*Nwachukwu/);
    await page.getByRole('cell', { name: `${applicant.first} ${applicant.last}` }).click();
    await page.waitForURL(/\/admin\/users\/agents\/[\w-]+$/);
    await page.getByText('Nsukka').waitFor();

    // A job of the demo company in Lagos, priced for companies and agents (the demo data
    // prices Lagos already: 409 says so).
    const admin = await tokenOf('admin@demo.ng', 'Admin1234!');
    for (const audience of ['company', 'agent']) {
      const tat = { state: 'lagos', jobType: 'address', audience, amount: 2500, tatInHours: 48 };
      expect([201, 409]).toContain((await api(admin, 'POST', '/setting/tat', tat)).status);
    }
    // The job is charged to the demo company: its wallet must cover it.
    await fundCompany(server, admin, 'Lagos Credit Ltd', 10_000);
    const company = await tokenOf('company@demo.ng', 'Company1234!');
    const job = await api(company, 'POST', '/job/create-address', addressJobForm('Funke', 'Ade'));
    expect(job.status).toBe(201);

    await page.goto(`/admin/jobs/profile/${job.body.id as string}`);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('Address Verification > Assign Job').first().waitFor();
    await pick(page, /user type/i, 'Agent');
    await pick(page, /^Name/, `${applicant.first} ${applicant.last}`);
    await page.getByRole('button', { name: 'Assign Job' }).click();
    await page.getByText('Job successfully Assigned', { exact: true }).waitFor();
    await context.close();

    // The link reaches the agent by mail (printed to the log without SMTP).
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = server
        .log()
        .split('\n')
        .filter((l) => l.includes(applicant.email))
        .join('\n')
        .match(/https?:\/\/[^\s"\\]+\/automatic-address-verification\/[\w-]+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeDefined();
    const token = link!.split('/').pop()!;
    const opened = await api(null, 'GET', `/capture/${token}`);
    expect(opened.status).toBe(200);
    expect((opened.body.job as { code: string }).code).toMatch(/^JOB-\d{6}$/);
  });
});
