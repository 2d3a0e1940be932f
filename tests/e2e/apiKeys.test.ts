import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressJobForm,
  callApi,
  launchChromium,
  signedInPage,
  startDemoServer,
  type RunningServer,
} from './harness';

/**
 * An integration's key end to end: the demo company's owner creates a key in Settings → API keys,
 * copies it from the dialog (the one time it is shown), a system creates and lists jobs with it,
 * the list shows it used, and once revoked in the browser the very next call is refused.
 */
describe('an API key made in the browser', () => {
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

  it('is shown once, works on the job endpoints only, and stops when revoked', async () => {
    const page = await signedInPage(browser, server, 'company@demo.ng', 'Company1234!');
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await page.getByText('Loan origination system').waitFor();

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Branch tablets');
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    await dialog.getByText('it will not be shown again', { exact: false }).waitFor();
    const key = await dialog.locator('input[readonly]').inputValue();
    expect(key).toMatch(/^vb_live_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Branch tablets' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Never');
    // Not shown again: the page holds its prefix only.
    expect(await page.content()).not.toContain(key);

    const created = await callApi(
      server,
      key,
      'POST',
      '/job/create-address',
      addressJobForm('Ada', 'Obi'),
    );
    expect(created.status).toBe(201);
    const listed = await callApi(server, key, 'GET', '/jobs?range=[0,4]');
    expect(listed.status).toBe(200);
    expect((await callApi(server, key, 'GET', '/companies')).status).toBe(401);

    await page.reload();
    await row.waitFor();
    await expect(row.textContent()).resolves.not.toContain('Never');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('API key revoked').waitFor();
    await row.getByText('Revoked').waitFor();
    const refused = await callApi(server, key, 'GET', '/jobs');
    expect(refused.status).toBe(401);
  });
});
