import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressJobForm,
  apiToken,
  callApi,
  launchChromium,
  signedInPage,
  startDemoServer,
  type RunningServer,
} from './harness';

/**
 * A person asks what is held about them, then to be erased: the demo company has a closed job
 * with them as its subject; the admin finds it by their phone in Data requests, downloads the
 * PDF, erases after the dialog, and the job's page says its personal data was erased.
 */
describe('a data-subject request in the browser', () => {
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

  it('finds the person, downloads their data and erases it', async () => {
    const company = await apiToken(server, 'company@demo.ng', 'Company1234!');
    const form = addressJobForm('Funke', 'Adeyemi');
    form.set('phone', '0803 777 0042');
    form.set('email', 'funke.adeyemi@example.ng');
    const created = await callApi(server, company, 'POST', '/job/create-address', form);
    expect(created.status).toBe(201);
    const job = created.body as { id: string; code: string };
    const cancelled = await callApi(server, company, 'POST', `/job/${job.id}/cancel`, {});
    expect(cancelled.status).toBe(200);

    const page = await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!');
    await page.getByRole('menuitem', { name: 'Data requests' }).click();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('0803 777 0042');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: job.code }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('personal-data.pdf');
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('the personal data of 1 closed job', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await page.getByText('Erased: 1 jobs', { exact: false }).waitFor();
    await page.getByText('Nothing is held under these keys.').waitFor();

    await page.goto(`/admin/jobs/profile/${job.id}`);
    await page.getByText('Personal data erased on', { exact: false }).waitFor();
    expect(await page.content()).not.toContain('Adeyemi');
  });
});
