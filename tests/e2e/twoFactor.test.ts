import { TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorDemoAccount } from '../../server/seed/demoAccounts';
import {
  launchChromium,
  newContext,
  signedInPage,
  startDemoServer,
  type RunningServer,
} from './harness';

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

/**
 * Two-factor sign-in in the browser: the demo company's owner turns it on in Settings (reading
 * the key off the screen as a person types it into an app) and signs out her other device; then
 * signs out, signs in with a code, then with a recovery code; and the demo's two-factor account
 * signs in with its documented key.
 */
describe('two-factor sign-in in the browser', () => {
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

  async function signOut(page: Page) {
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: /logout/i }).click();
    await page.waitForURL('**/login');
  }

  async function password(page: Page, email: string, pass: string) {
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(pass);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  it('is turned on in Settings, then asks for a code or a recovery code at sign-in', async () => {
    // The same owner on another device, which the dialog after enabling signs out.
    const otherDevice = await signedInPage(browser, server, 'company@demo.ng', 'Company1234!');
    const page = await signedInPage(browser, server, 'company@demo.ng', 'Company1234!');
    await page.goto('/company/settings');
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = await page.getByLabel('Key to type in').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel(/^Authentication code/).fill(codeAt(secret));
    await page.getByRole('button', { name: 'Enable' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
    await dialog.waitFor();
    const codes = await dialog.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
    await page.getByText('Your other devices are signed out').waitFor();
    await otherDevice.goto('/company/jobs');
    await otherDevice.waitForURL('**/login');
    await dialog.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByText('On: signing in asks', { exact: false }).waitFor();
    await signOut(page);

    // A code of the next step: the one of now was spent enabling.
    await password(page, 'company@demo.ng', 'Company1234!');
    await page.getByLabel(/^Authentication code/).fill(codeAt(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/company/dashboard');
    await signOut(page);

    const withRecoveryCode = async (code: string) => {
      await password(page, 'company@demo.ng', 'Company1234!');
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel(/^Recovery code/).fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
    };
    await withRecoveryCode(codes[0]!);
    await page.waitForURL('**/company/dashboard');
    await signOut(page);

    // Spent: the same recovery code no longer signs in.
    await withRecoveryCode(codes[0]!);
    await page.getByText('The code is not valid').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("signs the demo's two-factor account in with its documented key", async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/login');
    await password(page, twoFactorDemoAccount.email, twoFactorDemoAccount.password);
    await page.getByLabel(/^Authentication code/).fill(codeAt(twoFactorDemoAccount.secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
  });
});
