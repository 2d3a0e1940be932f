import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressJobForm,
  launchChromium,
  mailedLink,
  newContext,
  signedInPage,
  startDemoServer,
  type RunningServer,
} from './harness';

/**
 * A sub-admin's rights end to end: the admin invites one in the browser with only 'View Job
 * History'; the invited sub-admin chooses a password from the mailed link, signs in, sees the jobs
 * list without a way to create one, and the API refuses the creation when called directly.
 */
describe('a sub-admin with only View Job History', () => {
  let server: RunningServer;
  let browser: Browser;
  const sub = {
    first_name: 'Kelechi',
    last_name: 'Amadi',
    email: 'kelechi.amadi@demo.ng',
    phone: '0803 777 1212',
  };
  const password = 'palm-wine-river-51';

  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedIn = (email: string, password: string) =>
    signedInPage(browser, server, email, password);

  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

  /** Every way to start a new job on the jobs list: the list's button and the menu entry. */
  const createJobControls = (page: Page) =>
    page
      .getByRole('link', { name: 'Create Job' })
      .or(page.getByRole('menuitem', { name: 'Create Job' }))
      .or(page.getByRole('button', { name: 'Create Job' }));

  /** The jobs list, once its data has arrived and rendered. */
  async function openJobs(page: Page) {
    const listed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v2/jobs' && r.status() === 200,
    );
    await page.goto('/admin/jobs');
    await listed;
    await page.getByRole('menuitem', { name: 'Jobs' }).waitFor();
    await page.waitForLoadState('networkidle');
  }

  const logIn = (email: string, pass: string) =>
    fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: pass }),
    });

  it('is invited by the admin in the two-step wizard, with no password to choose', async () => {
    const page = await signedIn('admin@demo.ng', 'Admin1234!');
    await page.goto('/admin/users/users');
    await page.getByRole('link', { name: 'Create New Admin' }).click();
    await page.waitForURL(/\/admin\/users\/create$/);
    for (const [name, value] of Object.entries(sub)) {
      await page.locator(`input[name="${name}"]`).fill(value);
    }
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByLabel('View Job History').check();
    await page.getByRole('button', { name: 'CREATE USER' }).click();
    await toast(page, 'Sub Admin Created successfully!');
    await page.waitForURL(/\/admin\/users\/users$/);
    await page.getByText(sub.email).waitFor();
    // the admin does have the ways to create a job that the sub-admin must not see
    await openJobs(page);
    expect(await createJobControls(page).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('cannot sign in before choosing a password from the mailed link', async () => {
    expect((await logIn(sub.email, password)).status).toBe(401);
    const link = await mailedLink(server, sub.email, '/setpassword');
    const page = await (await newContext(browser, server)).newPage();
    await page.goto(link);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="confirm_password"]').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it('signs in, sees the jobs list but no way to create a job', async () => {
    const page = await signedIn(sub.email, password);
    await openJobs(page);
    expect(await createJobControls(page).count()).toBe(0);
    await page.context().close();
  });

  it('gets 403 calling the create endpoint directly', async () => {
    const login = await logIn(sub.email, password);
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const list = await fetch(`${server.url}/api/v2/jobs`, { headers });
    expect(list.status).toBe(200);
    const form = addressJobForm('Bisi', 'Adeyemi');
    const create = await fetch(`${server.url}/api/v2/job/create-address`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(create.status).toBe(403);
  });
});
