import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInPage, startDemoServer, type RunningServer } from './harness';

/**
 * The audit log in the browser: the provider's admin opens it from the menu, sees the demo's
 * history of several people, picks one of them in the "Who" filter, and the list shows that
 * person's entries only.
 */
describe('the audit log', () => {
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

  it("filtered by actor, shows that actor's entries only", async () => {
    const page = await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!');
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    const whoCells = () =>
      rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[3]?.textContent ?? ''));
    // Before filtering: more than one person's entries.
    await page.getByRole('combobox', { name: 'Who' }).waitFor();
    expect(new Set(await whoCells()).size).toBeGreaterThan(1);

    const who = page.getByRole('combobox', { name: 'Who' });
    await who.click();
    await who.fill('subadmin');
    await page.getByRole('option', { name: /subadmin@demo\.ng/ }).click();
    await page.waitForURL(/actor/);
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('tbody tr')].map(
        (tr) => tr.querySelectorAll('td')[3]?.textContent ?? '',
      );
      return cells.length > 0 && cells.every((c) => c.includes('subadmin@demo.ng'));
    });
    const cells = await whoCells();
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => c.includes('subadmin@demo.ng'))).toBe(true);
    expect(await page.locator('tbody').textContent()).toContain('auth.login');
  });
});
