import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiToken,
  callApi,
  launchChromium,
  newContext,
  signedInPage,
  startDemoServer,
  type RunningServer,
} from './harness';
import { areaScreens, demoIds, publicScreens, type DemoIds } from './screens';

/**
 * Every screen fits a 390 px phone: the page never scrolls sideways. Measured as the document's
 * scrollWidth once the screen has loaded (a wide table in its own scrolling box does not count,
 * which is the point). Also: 25 job rows on a desktop stay compact, and codes never wrap.
 */
const phone = { width: 390, height: 844 };

describe('every screen on a 390 px phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let ids: DemoIds;

  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchChromium();
    ids = await demoIds(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Requests in flight per page, to know when a screen has its data. */
  const inFlight = new WeakMap<Page, number>();
  function track(page: Page) {
    inFlight.set(page, 0);
    const add = (n: number) => () => inFlight.set(page, (inFlight.get(page) ?? 0) + n);
    page.on('request', add(1));
    page.on('requestfinished', add(-1));
    page.on('requestfailed', add(-1));
    return page;
  }

  /**
   * The page's width once the app has rendered, nothing has been in flight for a moment and the
   * width stopped moving (lists lay out after their data, fonts after that).
   */
  async function settledWidth(page: Page) {
    await page.locator('#root *').first().waitFor();
    let last = -1;
    for (let quiet = 0; quiet < 3;) {
      await page.waitForTimeout(80);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      quiet = (inFlight.get(page) ?? 0) > 0 || width !== last ? 0 : quiet + 1;
      last = width;
    }
    return last;
  }

  /** The innermost elements reaching past the screen's right edge, named for the failure. */
  const culprit = (page: Page) =>
    page.evaluate((limit) => {
      const past = (e: Element) => e.getBoundingClientRect().right > limit + 1;
      const name = (e: Element) =>
        `${e.tagName.toLowerCase()}${[...e.classList]
          .filter((c) => !c.startsWith('css-'))
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('')}`;
      const leaves = [...document.querySelectorAll('#root *')].filter(
        (e) => past(e) && ![...e.children].some(past),
      );
      return [...new Set(leaves.map((e) => `${name(e.parentElement!)} > ${name(e)}`))]
        .slice(0, 3)
        .join(', ');
    }, phone.width);

  /** Each route through the app's router (no reload), with its width; too wide ones listed. */
  async function tooWide(page: Page, routes: string[]) {
    const wide: string[] = [];
    const widths: Record<string, number> = {};
    for (const route of routes) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      const width = await settledWidth(page);
      widths[route] = width;
      if (width > phone.width) wide.push(`${route}: ${width}px (${await culprit(page)})`);
    }
    if (process.env.PHONE_WIDTHS) console.log(JSON.stringify(widths, null, 1));
    return wide;
  }

  it('admin screens fit', async () => {
    const page = track(
      await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!', { viewport: phone }),
    );
    expect(await tooWide(page, areaScreens.admin(ids, ids.admin))).toEqual([]);
    await page.context().close();
  });

  it('company screens fit', async () => {
    const page = track(
      await signedInPage(browser, server, 'company@demo.ng', 'Company1234!', { viewport: phone }),
    );
    expect(await tooWide(page, areaScreens.company(ids, ids.companyOwner))).toEqual([]);
    await page.context().close();
  });

  it('public pages fit', async () => {
    const context = await newContext(browser, server, { viewport: phone });
    const page = track(await context.newPage());
    await page.goto('/login');
    expect(await tooWide(page, publicScreens)).toEqual([]);
    await context.close();
  });

  it("the capture wizard's first screen fits", async () => {
    const admin = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
    const filter = encodeURIComponent(JSON.stringify({ status: 'assigned' }));
    const jobs = (await callApi(server, admin, 'GET', `/jobs?filter=${filter}&range=[0,0]`))
      .body as unknown as { id: string }[];
    const detail = (await callApi(server, admin, 'GET', `/job/detail/${jobs[0]!.id}`)).body as {
      capture: { link: { url: string } | null };
    };
    const link = detail.capture.link!.url;
    const context = await newContext(browser, server, { viewport: phone });
    const page = track(await context.newPage());
    await page.goto(new URL(link).pathname);
    await page.getByRole('button').first().waitFor();
    const width = await settledWidth(page);
    expect(width, `${new URL(link).pathname}: ${width}px`).toBeLessThanOrEqual(phone.width);
    await context.close();
  });

  it('on a desktop, 25 job rows stay compact and their codes and dates never wrap', async () => {
    const page = track(
      await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!', {
        viewport: { width: 1366, height: 768 },
      }),
    );
    await page.goto('/admin/jobs');
    const rows = page.locator('table tbody tr');
    await rows.nth(24).waitFor();
    await settledWidth(page);
    const measured = await page.evaluate(() => {
      const body = document.querySelector('table tbody')!;
      const lines = (cell: Element) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      };
      const cells = (column: number) =>
        [...body.querySelectorAll(`tr td:nth-child(${column})`)].map(lines);
      const headers = [...document.querySelectorAll('table thead th')].map((h) => h.textContent);
      const table = body.closest('table')!;
      return {
        overflow: table.getBoundingClientRect().width - table.parentElement!.clientWidth,
        height: body.getBoundingClientRect().height,
        rows: body.querySelectorAll('tr').length,
        codeLines: cells(headers.indexOf('Code') + 1),
        createdLines: cells(headers.indexOf('Created') + 1),
      };
    });
    if (process.env.PHONE_WIDTHS) console.log(JSON.stringify(measured));
    expect(measured.rows).toBe(25);
    expect(measured.overflow, 'the table is wider than its page').toBeLessThanOrEqual(1);
    // About 1,600 px before (codes, dates, names wrapping over two or three lines): at most half.
    expect(measured.height).toBeLessThanOrEqual(800);
    expect(new Set(measured.codeLines)).toEqual(new Set([1]));
    expect(new Set(measured.createdLines)).toEqual(new Set([1]));
    await page.context().close();
  });

  it('on a phone, jobs are selected with their boxes and assigned in bulk', async () => {
    const page = track(
      await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!', { viewport: phone }),
    );
    await page.goto('/admin/jobs?filter={"status":"pending"}');
    const boxes = page.getByRole('checkbox', { name: /^Select JOB-/ });
    await boxes.nth(1).waitFor();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    // Ticking a box selects; it does not open the job.
    expect(new URL(page.url()).pathname).toBe('/admin/jobs');
    await page.getByRole('button', { name: 'Assign' }).click();
    await page.waitForURL('**/admin/jobs/assign');
    await page.getByText('2 jobs selected').waitFor();
    expect(await settledWidth(page)).toBeLessThanOrEqual(phone.width);
    await page.context().close();
  });

  it('Set Amount on a phone: filtered and paged, the states without a price one tap from the form', async () => {
    const page = track(
      await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!', { viewport: phone }),
    );
    await page.goto('/admin/settings/set-amount');
    const panel = page.getByRole('region', { name: 'States without a price' });
    await panel.getByText('30 states have no Company price for Address').waitFor();
    // The demo's prices were revised since they were set: most rows carry a date.
    await page.getByText('1-25 of 56').waitFor();
    const undated = await page.getByText('Date not set').count();
    expect(undated).toBeGreaterThan(0);
    expect(undated).toBeLessThan(25);

    await panel.getByRole('button', { name: 'Show the states' }).click();
    const chip = panel.getByRole('button', { name: /^Set the price for / }).first();
    const state = (await chip.textContent())!;
    await chip.click();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'State', exact: true }).textContent())
      .toBe(state);
    expect(await settledWidth(page)).toBeLessThanOrEqual(phone.width);
    await page.context().close();
  });
});
