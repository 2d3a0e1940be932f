import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInPage, startDemoServer, type RunningServer } from './harness';

/**
 * Messages in Chromium against the real server: the admin writes to the demo company in the
 * browser; the company signs in, sees the unread count in the menu, opens the message, and the
 * count drops.
 */
describe('a message sent to a company shows in its inbox with the unread count', () => {
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

  const signedIn = (email: string, password: string) =>
    signedInPage(browser, server, email, password);

  const messagesMenu = (page: Page) => page.getByRole('menuitem', { name: /Messages/ });
  /** The number on the menu's badge (MUI keeps a hidden 0 in the page). */
  const badge = async (page: Page) =>
    Number((await messagesMenu(page).locator('.MuiBadge-badge').textContent()) || 0);

  const subject = 'Your Ikeja addresses are verified';

  it('the admin sends the company a message from the compose screen', async () => {
    const page = await signedIn('admin@demo.ng', 'Admin1234!');
    await messagesMenu(page).click();
    await page.getByRole('link', { name: 'New message' }).click();
    await page.waitForURL(/\/admin\/messages\/create$/);
    await page.getByRole('combobox', { name: /Recipient/ }).fill('Tunde');
    await page.getByRole('option', { name: 'Tunde Bakare · Lagos Credit Ltd' }).click();
    await page.getByRole('textbox', { name: /Subject/ }).fill(subject);
    await page.getByRole('textbox', { name: /Message/ }).fill('All 12 addresses checked out.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message sent', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Sent' }).click();
    await page.getByText(subject).waitFor();
    await page.context().close();
  });

  it('the company sees it unread with the count in the menu; opening it lowers the count', async () => {
    const page = await signedIn('company@demo.ng', 'Company1234!');
    // The demo company already has three unread messages (one tells of its late jobs); the new
    // one makes four.
    await expect.poll(() => badge(page), { timeout: 15_000 }).toBe(4);
    await messagesMenu(page).click();
    const unread = page.locator('strong', { hasText: subject });
    await unread.waitFor();
    await unread.click();
    await page.getByText('All 12 addresses checked out.').waitFor();
    await expect.poll(() => badge(page), { timeout: 15_000 }).toBe(3);
    await page.goBack();
    await page.getByText(subject).waitFor();
    // Read now: no longer in bold once the list has reloaded.
    await expect
      .poll(() => page.locator('strong', { hasText: subject }).count(), { timeout: 15_000 })
      .toBe(0);
    await page.context().close();
  });
});
