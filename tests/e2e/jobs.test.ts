import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillInputs,
  fundCompany,
  launchChromium,
  mailedLink,
  signedInPage,
  startDemoServer,
  type RunningServer,
} from './harness';

/**
 * The jobs journey in Chromium against the real server: the admin sets the TAT, a
 * company creates a job and uploads a CSV, the admin assigns the job to a partner company, the
 * partner accepts, and each of them sees the job's status.
 */
describe('jobs from creation to acceptance', () => {
  let server: RunningServer;
  let browser: Browser;
  const partner = { email: 'ops@partner.ng', password: 'partner-secret' };

  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchChromium();
    // The partner company signs up and confirms through the API and the mailed link.
    const signup = await fetch(`${server.url}/api/v2/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Emeka',
        last_name: 'Obi',
        phone: '08091234567',
        company_name: 'Partner Checks Ltd',
        ...partner,
      }),
    });
    expect(signup.status).toBe(201);
    const link = await mailedLink(server, partner.email, '/confirmemail');
    const token = new URL(link).searchParams.get('token');
    const confirmed = await fetch(`${server.url}/api/v2/auth/confirm-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);

    // The provider takes it on as a partner: only partners are offered assigned work.
    const api = (url: string, token: string, init: RequestInit = {}) =>
      fetch(`${server.url}/api/v2${url}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.ng', password: 'Admin1234!' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const filter = encodeURIComponent(JSON.stringify({ q: 'Partner Checks' }));
    const found = (await (await api(`/companies?filter=${filter}`, accessToken)).json()) as {
      id: string;
    }[];
    expect(found).toHaveLength(1);
    const marked = await api(`/companies/${found[0]!.id}`, accessToken, {
      method: 'PATCH',
      body: JSON.stringify({ is_partner: true }),
    });
    expect(marked.status).toBe(200);
    // Jobs are charged to the demo company: its wallet must cover this story's three.
    await fundCompany(server, accessToken, 'Lagos Credit Ltd', 50_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedIn = (email: string, password: string) =>
    signedInPage(browser, server, email, password);

  /** Chooses `option` in the MUI select labelled `label`. */
  async function pick(page: Page, label: string | RegExp, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

  let jobCode = '';

  // A job is charged its Company price when it is created: the price comes first.
  it('lets the admin set the TAT and price of address jobs in Ekiti', async () => {
    const page = await signedIn('admin@demo.ng', 'Admin1234!');
    await page.goto('/admin/settings/set-amount');
    await pick(page, /^audience/i, 'Company');
    await pick(page, /^State/, 'Ekiti');
    await pick(page, /^job type/i, 'Address');
    await page.getByLabel('TAT (hours)').fill('48');
    await page.getByLabel('Amount (NGN)').fill('2500');
    await page.getByRole('button', { name: /save/i }).click();
    await toast(page, 'TAT created successful!');
    await page.context().close();
  });

  it('lets a company create a job on its own and upload more from a CSV', async () => {
    const page = await signedIn('company@demo.ng', 'Company1234!');
    await page.goto('/company/create-single-job');
    const fields: Record<string, string> = {
      first_name: 'Bisi',
      last_name: 'Adeyemi',
      phone: '0802 555 1234',
      email: 'bisi@example.ng',
      address: '5 Awolowo Road',
      landmark: 'Beside the bank',
    };
    await fillInputs(page, fields);
    // A state the demo data sets no TAT for: the admin's TAT above is a new one.
    await pick(page, /^State/, 'Ekiti');
    await pick(page, /^LGA/, 'Ado Ekiti');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await toast(page, 'Successfully created');
    await page.waitForURL(/\/company\/jobs/);

    const csv = [
      'first_name,last_name,phone,email,address,landmark,state,lga',
      'Tolu,Bello,08031112222,tolu@example.ng,1 Broad Street,Near the market,lagos,Lagos Island',
      'Ngozi,Ibe,08033334444,ngozi@example.ng,"2 Okpara Avenue, Flat 3",By the school,enugu,Enugu North',
    ].join('\n');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-csv-')), 'jobs.csv');
    writeFileSync(file, csv);
    await page.goto('/company/create-jobs');
    await page.getByLabel('File (CSV or XLSX)').setInputFiles(file);
    // The server quotes the file before the upload: its rows, priced.
    await page.getByText('2 jobs', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Price' }).waitFor();
    await page
      .getByRole('button', { name: /upload/i })
      .last()
      .click();
    await toast(page, 'Job uploaded successful');

    await page.goto('/company/jobs');
    await page.getByText('Bisi Adeyemi').first().waitFor();
    await page.getByText('Tolu Bello').first().waitFor();
    await page.getByText('Ngozi Ibe').first().waitFor();
    await page.context().close();
  });

  it('lets the admin assign the job to the partner company', async () => {
    const page = await signedIn('admin@demo.ng', 'Admin1234!');
    await page.goto('/admin/jobs');
    await page.getByText('Bisi Adeyemi').first().click();
    await page.waitForURL(/\/admin\/jobs\/profile\//);
    jobCode = (await page
      .getByText(/^Job JOB-\d{6}$/)
      .first()
      .textContent())!.replace('Job ', '');
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('Address Verification > Assign Job').first().waitFor();
    await pick(page, /user type/i, 'Company');
    await pick(page, /^Name/, 'Partner Checks Ltd');
    await page.getByRole('button', { name: 'Assign Job' }).click();
    await toast(page, 'Job successfully Assigned');
    await page.waitForURL(/\/admin\/jobs\/profile\//);
    await page.getByText('Assigned', { exact: true }).first().waitFor();
    await page.context().close();
  });

  it('lets the partner accept, and everyone sees the job accepted', async () => {
    expect(jobCode).toMatch(/^JOB-\d{6}$/);
    const page = await signedIn(partner.email, partner.password);
    await page.goto('/company/jobs');
    await page.getByText('Bisi Adeyemi').first().click();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /accept|confirm/i })
      .click();
    await toast(page, 'Accepted created');
    await page.getByText('Accepted', { exact: true }).first().waitFor();
    await page.context().close();

    for (const [email, password, area] of [
      ['company@demo.ng', 'Company1234!', 'company'],
      ['admin@demo.ng', 'Admin1234!', 'admin'],
    ]) {
      const viewer = await signedIn(email!, password!);
      await viewer.goto(`/${area}/jobs`);
      await viewer.getByText(jobCode).first().click();
      await viewer.waitForURL(/\/jobs\/profile\//);
      await viewer.getByText('Accepted', { exact: true }).first().waitFor();
      await viewer.getByText('Partner Checks Ltd').first().waitFor();
      await viewer.context().close();
    }
  });
});
