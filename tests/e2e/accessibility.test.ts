import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiToken,
  callApi,
  launchChromium,
  networkSettler,
  newContext,
  openClientSide,
  signedInPage,
  startDemoServer,
  submitCapture,
  type RunningServer,
} from './harness';
import { areaScreens, demoIds, publicScreens, type DemoIds } from './screens';

/**
 * axe-core (WCAG 2.x A and AA rules, and its best practices) on every screen of both areas, the
 * public pages and the capture wizard's steps, with an open dialog and a form showing its errors:
 * no critical or serious violation anywhere.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

describe('axe finds no critical or serious violation', () => {
  let server: RunningServer;
  let browser: Browser;
  let ids: DemoIds;

  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchChromium([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ]);
    ids = await demoIds(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** `where: rule (impact) – target` for each critical or serious violation on the page now. */
  async function violations(page: Page, where: string): Promise<string[]> {
    // Colours are measured once transitions (a dialog fading in) are over.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    // Evaluated rather than added as a script tag, which the app's CSP refuses.
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
    const results = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResults> } })
        .axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        // The element, and for contrast its colours and ratio (axe's `data`).
        targets: v.nodes.map((n) => {
          const data = n.any[0]?.data as {
            fgColor?: string;
            bgColor?: string;
            contrastRatio?: number;
          } | null;
          const colours = data?.contrastRatio
            ? ` ${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1`
            : '';
          return `${n.target.join(' ')} ${n.html.slice(0, 100)}${colours}`;
        }),
      }));
    });
    return results
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .flatMap((v) => v.targets.map((t) => `${where}: ${v.id} (${v.impact}) – ${t}`));
  }

  /**
   * One h1 per page, the page's title, once it has one (the app bar's title comes with the
   * screen's data): `where: n h1` otherwise.
   */
  async function headings(page: Page, where: string): Promise<string[]> {
    await page
      .locator('h1')
      .filter({ hasText: /\S/ })
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    const texts = await page.locator('h1').allTextContents();
    return texts.length === 1 && texts[0]!.trim() ? [] : [`${where}: h1 ${JSON.stringify(texts)}`];
  }

  /** Every screen of the area `email` signs in to, opened the way a link does. */
  async function area(email: string, password: string, area: 'admin' | 'company') {
    const page = await signedInPage(browser, server, email, password);
    const settle = networkSettler(page);
    const self = (await page.evaluate(() => JSON.parse(localStorage.getItem('account') ?? '{}')))
      .id as string;
    const found: string[] = [];
    for (const route of areaScreens[area](ids, self)) {
      await openClientSide(page, route);
      await settle();
      found.push(...(await headings(page, route)), ...(await violations(page, route)));
    }
    return { page, settle, found };
  }

  it('in the admin area, and with an open dialog', async () => {
    const { page, settle, found } = await area('admin@demo.ng', 'Admin1234!', 'admin');
    // A job's action dialog, open: Cancel on a pending job.
    const admin = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
    const filter = encodeURIComponent(JSON.stringify({ status: 'pending' }));
    const pending = (await callApi(server, admin, 'GET', `/jobs?filter=${filter}&range=[0,0]`))
      .body as unknown as { id: string }[];
    await openClientSide(page, `/admin/jobs/profile/${pending[0]!.id}`);
    await settle();
    await page.getByRole('button', { name: 'Cancel job' }).click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await violations(page, 'the Cancel job dialog')));
    await page.context().close();
    expect(found).toEqual([]);
  });

  it('in the company area, and on a form showing its errors', async () => {
    const { page, settle, found } = await area('company@demo.ng', 'Company1234!', 'company');
    await openClientSide(page, '/company/create-single-job');
    await settle();
    await page.getByRole('button', { name: 'Create Job' }).click();
    await page.locator('.Mui-error').first().waitFor();
    found.push(...(await violations(page, 'Create Job with errors')));

    await page.context().close();

    // The dashboard on a 390 px phone: nothing wider than the screen, two tiles a row.
    const phone = await signedInPage(browser, server, 'company@demo.ng', 'Company1234!', {
      viewport: { width: 390, height: 844 },
    });
    await phone.getByRole('heading', { name: 'Jobs by status' }).waitFor();
    await phone.getByRole('region', { name: 'Overdue jobs' }).getByRole('list').waitFor();
    const layout = await phone.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      widest: Math.max(
        ...[...document.querySelectorAll('main section, main svg, main .MuiCard-root')].map(
          (el) => el.getBoundingClientRect().right,
        ),
      ),
      tileRows: new Set(
        [...document.querySelectorAll('section[aria-label="Jobs"] .MuiCard-root')].map(
          (el) => el.getBoundingClientRect().top,
        ),
      ).size,
    }));
    expect(layout).toEqual({ width: 390, widest: expect.any(Number), tileRows: 5 });
    expect(layout.widest).toBeLessThanOrEqual(390);
    found.push(...(await violations(phone, 'the dashboard on a phone')));
    await phone.context().close();
    expect(found).toEqual([]);
  });

  it('on the public pages', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const settle = networkSettler(page);
    const found: string[] = [];
    for (const route of publicScreens) {
      await page.goto(route);
      await settle();
      found.push(...(await headings(page, route)), ...(await violations(page, route)));
    }
    await context.close();
    expect(found).toEqual([]);
  });

  it('on each step of the capture wizard', async () => {
    const admin = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
    const filter = encodeURIComponent(JSON.stringify({ status: 'accepted' }));
    const open = (await callApi(server, admin, 'GET', `/jobs?filter=${filter}&range=[0,0]`))
      .body as unknown as { id: string }[];
    const link = await callApi(server, admin, 'POST', `/job/${open[0]!.id}/capture-link`);
    expect(link.status).toBe(201);

    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      permissions: ['geolocation', 'camera'],
      geolocation: { latitude: 6.4503, longitude: 3.3958, accuracy: 12 },
    });
    const page = await context.newPage();
    const found: string[] = [];
    await page.goto(link.body.url as unknown as string);
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    found.push(...(await violations(page, 'capture: notice')));
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const step of ['selfie', 'house', 'utility bill']) {
      await page.waitForFunction(() =>
        [...document.querySelectorAll('video')].some((v) => v.readyState >= 2 && v.videoWidth > 0),
      );
      found.push(...(await violations(page, `capture: ${step}`)));
      await page.getByRole('button', { name: 'Capture image' }).click();
      await page.locator('img.frame').waitFor();
      found.push(...(await violations(page, `capture: ${step} taken`)));
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'Capture', exact: true }).click();
    await page.getByText(/accuracy 12 m/).waitFor();
    found.push(...(await violations(page, 'capture: location')));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Submitted', { exact: true }).waitFor({ timeout: 60_000 });
    found.push(...(await violations(page, 'capture: submitted')));
    await page.goto(`${page.url().split('#')[0]}#my-jobs`);
    await page.getByRole('heading', { name: 'My jobs' }).waitFor();
    found.push(...(await violations(page, 'capture: my jobs')));
    await context.close();
    expect(found).toEqual([]);
  });

  describe('with the keyboard alone', () => {
    /** Tab (or Shift+Tab) until `target` has the focus. */
    async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
      await target.waitFor();
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press(key);
        if (await target.evaluate((el) => el === document.activeElement)) return;
      }
      throw new Error(`${String(target)} never had the focus`);
    }

    /** In an open list box, arrows down to the option named `name`, then Enter. */
    async function choose(page: Page, name: RegExp) {
      const listbox = page.getByRole('listbox');
      await listbox.waitFor();
      for (let i = 0; i < 60; i++) {
        const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (name.test(focused)) {
          await page.keyboard.press('Enter');
          await listbox.waitFor({ state: 'detached' });
          return;
        }
        await page.keyboard.press('ArrowDown');
      }
      throw new Error(`no option ${name}`);
    }

    /** The outline of what has the focus: the visible focus indicator. */
    const focusOutline = (page: Page) =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });

    const isInDialog = (page: Page) =>
      page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

    /** Signs in through the login page, typing and pressing Enter. */
    async function signIn(email: string, password: string) {
      const page = await (await newContext(browser, server)).newPage();
      await page.goto('/login');
      await tabTo(page, page.getByLabel('Email'));
      await page.keyboard.type(email);
      await tabTo(page, page.getByLabel('Password', { exact: false }).first());
      await page.keyboard.type(password);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/dashboard$/);
      return page;
    }

    it('a company creates a job, an admin assigns it, the reviewer approves it', async () => {
      // The company: Create Job from the menu, the form filled and sent from the keyboard.
      const company = await signIn('company@demo.ng', 'Company1234!');
      const menuLink = company.getByRole('menuitem', { name: 'Create Job' });
      await tabTo(company, menuLink);
      expect(await focusOutline(company)).toBe('solid 2px');
      await company.keyboard.press('Enter');
      await company.waitForURL(/\/company\/create-single-job$/);
      const text = {
        'First name': 'Tabitha',
        'Last name': 'Keyes',
        Phone: '08031234567',
        Email: 'tabitha.keyes@example.ng',
        Address: '7 Keyboard Close',
        Landmark: 'Beside the market',
      };
      for (const [label, value] of Object.entries(text)) {
        await tabTo(company, company.getByLabel(new RegExp(`^${label}`)));
        await company.keyboard.type(value);
      }
      await tabTo(company, company.getByRole('combobox', { name: /^State/ }));
      await company.keyboard.press('Enter');
      await choose(company, /^Lagos$/);
      await tabTo(company, company.getByRole('combobox', { name: /^LGA/ }));
      await company.keyboard.press('Enter');
      await choose(company, /^Ikeja$/);
      const create = company.getByRole('button', { name: 'Create Job' });
      await tabTo(company, create);
      expect(await focusOutline(company)).toBe('solid 2px');
      await company.keyboard.press('Enter');
      await company.getByText('Successfully created', { exact: true }).waitFor();
      await company.context().close();

      const admin = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
      const q = encodeURIComponent(JSON.stringify({ q: 'Tabitha Keyes' }));
      const [job] = (await callApi(server, admin, 'GET', `/jobs?filter=${q}`)).body as unknown as {
        id: string;
        code: string;
        status: string;
      }[];
      expect(job?.status).toBe('pending');

      // The admin: the job's row checkbox, Assign, an agent, Assign Job.
      const staff = await signIn('admin@demo.ng', 'Admin1234!');
      const settle = networkSettler(staff);
      const byCode = encodeURIComponent(JSON.stringify({ q: job!.code }));
      await openClientSide(staff, `/admin/jobs?filter=${byCode}`);
      await settle();
      await tabTo(staff, staff.getByRole('checkbox', { name: `Select ${job!.code}` }));
      await staff.keyboard.press('Space');
      await tabTo(staff, staff.getByRole('button', { name: 'Assign', exact: true }), 'Shift+Tab');
      await staff.keyboard.press('Enter');
      await staff.waitForURL(/\/admin\/jobs\/assign$/);
      await tabTo(staff, staff.getByRole('combobox', { name: /^User type/ }));
      await staff.keyboard.press('Enter');
      await choose(staff, /^Agent$/);
      const name = staff.getByRole('combobox', { name: /^Name/ });
      await expect.poll(() => name.getAttribute('aria-disabled')).toBeNull();
      await tabTo(staff, name);
      await staff.keyboard.press('Enter');
      await choose(staff, /\w/);
      await tabTo(staff, staff.getByRole('button', { name: 'Assign Job' }));
      await staff.keyboard.press('Enter');
      await staff.getByText('Job successfully Assigned', { exact: true }).waitFor();

      // The agent's capture, through the API.
      const link = await callApi(server, admin, 'POST', `/job/${job!.id}/capture-link`);
      expect(link.status).toBe(201);
      const token = link.body.token as unknown as string;
      expect(await submitCapture(server, token)).toBe(201);

      // The reviewer: Approve opens a dialog that keeps the focus and gives it back.
      await openClientSide(staff, `/admin/jobs/profile/${job!.id}`);
      await settle();
      const approve = staff.getByRole('button', { name: 'Approve', exact: true });
      await tabTo(staff, approve);
      expect(await focusOutline(staff)).toBe('solid 2px');
      await staff.keyboard.press('Enter');
      const dialog = staff.getByRole('dialog');
      await dialog.waitFor();
      await expect.poll(() => isInDialog(staff)).toBe(true);
      for (const key of [...Array(6).fill('Tab'), ...Array(6).fill('Shift+Tab')] as string[]) {
        await staff.keyboard.press(key);
        expect(await isInDialog(staff), key).toBe(true);
      }
      await staff.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => approve.evaluate((el) => el === document.activeElement)).toBe(true);

      await staff.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(staff, dialog.getByRole('radio', { checked: true }));
      for (let i = 0; i < 4; i++) await staff.keyboard.press('ArrowRight');
      expect(await dialog.getByRole('radio', { checked: true }).getAttribute('value')).toBe('4');
      await tabTo(staff, dialog.getByRole('button', { name: 'Confirm' }));
      await staff.keyboard.press('Enter');
      await staff.getByText('Job successfully approved or rejected', { exact: true }).waitFor();
      await staff.context().close();
      const approved = await callApi(server, admin, 'GET', `/jobs/${job!.id}`);
      expect(approved.body.status).toBe('approved');
    });
  });
});
