import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  newContext,
  openClientSide,
  startDemoServer,
  type RunningServer,
} from './harness';
import { areaScreens, demoIds, type DemoIds } from './screens';

/**
 * The browser never calls what the user may not do: every demo role and sub-user signs in, opens
 * every route of its area and presses every visible action, and no answer of the API may be a 401
 * or 403 (spec §4: either ends the session) nor may the user land on the login page.
 *
 * Actions are pressed for real (a dialog they open is cancelled), so the accounts who may
 * disable people run after those people.
 */
describe('every demo account in every screen of its area', () => {
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

  /** Left alone: it would end the crawl. */
  const skipped = /^(log ?out|sign out)$/i;
  /** A small bulk file: choosing it asks the server for its quote (`POST /job/price/file`). */
  const bulkFile = {
    name: 'jobs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('first_name,last_name,state\nAda,Obi,lagos\n'),
  };

  async function crawl(email: string, password: string) {
    const context = await newContext(browser, server, { acceptDownloads: true });
    const page = await context.newPage();
    const problems: string[] = [];
    let where = 'login';
    let inFlight = 0;
    let pressed = 0;
    page.on('request', () => inFlight++);
    page.on('requestfinished', () => inFlight--);
    page.on('requestfailed', () => inFlight--);
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/') && (r.status() === 401 || r.status() === 403)) {
        problems.push(`${where}: ${r.request().method()} ${url.pathname} answered ${r.status()}`);
      }
    });
    const main = page.locator('#main-content');

    /** Until nothing has been in flight for a moment; false once the user is signed out. */
    const settle = async () => {
      for (let quiet = 0; quiet < 3;) {
        await page.waitForTimeout(60);
        quiet = inFlight > 0 ? 0 : quiet + 1;
      }
      if (new URL(page.url()).pathname === '/login') {
        problems.push(`${where}: signed out to /login`);
        return false;
      }
      return true;
    };
    /** To a route the way a link does (no reload: the app and its caches stay). */
    const open = async (route: string) => {
      await openClientSide(page, route);
      return settle();
    };
    /** Closes whatever an action opened: its dialog (Cancel when it has one), a menu or popover. */
    const dismiss = async () => {
      for (let i = 0; i < 3; i++) {
        const layer = page.locator('[role="dialog"]:visible, [role="presentation"]:visible').last();
        if (!(await layer.count())) return;
        const cancel = layer.getByRole('button', { name: /^(cancel|close|no)$/i });
        if (await cancel.count())
          await cancel
            .first()
            .click({ timeout: 2_000 })
            .catch(() => {});
        else await page.keyboard.press('Escape');
        await page.waitForTimeout(100);
      }
    };
    /** The accessible names of the content's buttons and tabs (not the menu, sorting, paging). */
    const actionNames = async () =>
      [
        ...new Set(
          await main.locator('button:visible, [role="tab"]:visible').evaluateAll((els) =>
            els
              .filter((el) => !el.closest('thead, .MuiTablePagination-root'))
              .map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim())
              .filter((name) => name.length > 0),
          ),
        ),
      ].filter((n) => !skipped.test(n));
    /** Picks the first real choice of every select and autocomplete, and a file for each input. */
    const fillChoices = async () => {
      const boxes = main.locator('[role="combobox"]:visible');
      for (let i = 0; i < (await boxes.count()); i++) {
        await boxes
          .nth(i)
          .click({ timeout: 2_000 })
          .catch(() => undefined);
        const option = page.locator('[role="option"]:visible').filter({ hasText: /\w/ }).first();
        if (await option.count()) await option.click({ timeout: 2_000 }).catch(() => undefined);
        if (!(await settle())) return false;
        await dismiss();
      }
      for (const input of await main.locator('input[type="file"]').all()) {
        await input.setInputFiles(bulkFile).catch(() => undefined);
        if (!(await settle())) return false;
      }
      return true;
    };

    const walk = async () => {
      await page.goto('/login');
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/(company|admin)\//);
      where = 'landing';
      if (!(await settle())) return;
      const area = new URL(page.url()).pathname.startsWith('/admin') ? 'admin' : 'company';
      const self = (await page.evaluate(() =>
        JSON.parse(localStorage.getItem('account') ?? '{}'),
      )) as { id: string };

      for (const route of areaScreens[area](ids, self.id)) {
        where = route;
        if (!(await open(route))) return;
        // Every route of the spec exists (it may say access denied, never "not found").
        if (await main.getByText(/^(Not Found|Page not found)$/).count()) {
          problems.push(`${route}: not found`);
        }
        if (!(await fillChoices())) return;
        for (const name of await actionNames()) {
          where = `${route} [${name}]`;
          if (new URL(page.url()).pathname !== route && !(await open(route))) return;
          const action = main
            .locator('button:visible, [role="tab"]:visible')
            .filter({ hasText: name })
            .or(main.getByLabel(name, { exact: true }))
            .first();
          if (!(await action.count()) || (await action.isDisabled().catch(() => true))) continue;
          await action.click({ timeout: 2_000 }).catch(() => undefined);
          pressed++;
          if (!(await settle())) return;
          await dismiss();
        }
      }
    };
    try {
      await walk();
    } finally {
      await context.close();
    }
    // Not vacuous: the crawl reached the screens and pressed their actions.
    if (pressed < 10) problems.push(`only ${pressed} actions pressed`);
    return problems;
  }

  /**
   * Three chains side by side (most of a crawl is waiting for answers). Within a chain the
   * order matters: the company owner may disable its sub-users, so it comes after them; the
   * admin may change provider staff, so it comes last.
   */
  const chains: [string, [string, string][]][] = [
    [
      'the company area',
      [
        ['loans.officer@demo.ng', 'Staff1234!'],
        ['accounts@demo.ng', 'Staff1234!'],
        ['company@demo.ng', 'Company1234!'],
      ],
    ],
    [
      'provider staff who create jobs',
      [
        ['subadmin@demo.ng', 'Subadmin1234!'],
        ['operations@demo.ng', 'Staff1234!'],
      ],
    ],
    [
      'provider staff who review and manage, then the admin',
      [
        ['reviewer@demo.ng', 'Staff1234!'],
        ['people@demo.ng', 'Staff1234!'],
        ['admin@demo.ng', 'Admin1234!'],
      ],
    ],
  ];

  for (const [name, accounts] of chains) {
    it.concurrent(
      `${name}: no 401 or 403 and never signed out, for every account`,
      async () => {
        const problems: Record<string, string[]> = {};
        for (const [email, password] of accounts) problems[email] = await crawl(email, password);
        expect(problems).toEqual(Object.fromEntries(accounts.map(([email]) => [email, []])));
      },
      400_000,
    );
  }
});
