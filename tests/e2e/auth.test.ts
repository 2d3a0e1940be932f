import { SignJWT, decodeJwt } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, mailedLink, newContext, startServer, type RunningServer } from './harness';

/** The end-to-end journeys of the Foundation issue, in Debian's Chromium against the real server. */
describe('sign-up, sign-in and sessions in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function freshPage() {
    await context?.close();
    context = await newContext(browser, server);
    page = await context.newPage();
    return page;
  }

  async function logIn(email: string, password: string) {
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);

  it('signs up, confirms from the mailed link, logs in to the dashboard and logs out', async () => {
    await freshPage();
    await page.goto('/signup');
    await page.locator('input[name="first_name"]').fill('Chioma');
    await page.locator('input[name="last_name"]').fill('Nwosu');
    await page.locator('input[name="email"]').fill('chioma@example.ng');
    await page.locator('input[name="phone"]').fill('0803 123 4567');
    await page.locator('input[name="company_name"]').fill('Nwosu Verifications');
    await page.locator('input[name="password"]').fill('chioma-secret');
    await page.locator('input[name="confirm_password"]').fill('chioma-secret');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/emailsuccessful**');
    await page.getByText('Check your mailbox').waitFor();

    // Not confirmed yet: the server refuses and the page says why.
    await page.goto('/login');
    await logIn('chioma@example.ng', 'chioma-secret');
    await page.getByText(/confirm your email/i).waitFor();

    const link = await mailedLink(server, 'chioma@example.ng', '/confirmemail');
    await page.goto(link);
    await page.getByText('Your email is confirmed. You can now log in.').waitFor();

    await page.goto('/login');
    await logIn('CHIOMA@example.ng', 'chioma-secret');
    await page.waitForURL('**/company/dashboard');
    await page.getByText('Welcome, Chioma Nwosu').waitFor();
    expect(await stored('loggedIn')).toBe('true');
    expect(JSON.parse((await stored('account'))!).company_name).toBe('Nwosu Verifications');

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: /logout/i }).click();
    await page.waitForURL('**/login');
    expect(await stored('accessToken')).toBeNull();
    expect(await stored('refreshToken')).toBeNull();
  });

  it('sends a signed-out visitor of a protected page to /login and back after sign-in', async () => {
    await freshPage();
    await page.goto('/company/settings');
    await page.waitForURL('**/login');
    await logIn('chioma@example.ng', 'chioma-secret');
    await page.waitForURL('**/company/settings');
    await page.getByText('CMP-', { exact: false }).first().waitFor();
    // A signed-in user opening a public page goes to their dashboard.
    await page.goto('/login');
    await page.waitForURL('**/company/dashboard');
  });

  /** Replaces the stored access token by one of the same session that expired a minute ago. */
  async function expireAccessToken() {
    const claims = decodeJwt((await stored('accessToken'))!);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub!)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(server.jwtSecret));
    await page.evaluate((t) => localStorage.setItem('accessToken', t), expired);
    return expired;
  }

  it('refreshes an expired session without bothering the user', async () => {
    await freshPage();
    await page.goto('/login');
    await logIn('chioma@example.ng', 'chioma-secret');
    await page.waitForURL('**/company/dashboard');
    const refreshBefore = await stored('refreshToken');
    const expired = await expireAccessToken();

    await page.goto('/company/settings');
    await page.getByText('chioma@example.ng').first().waitFor();
    expect(page.url()).toMatch(/\/company\/settings$/);
    const accessAfter = await stored('accessToken');
    expect(accessAfter).not.toBe(expired);
    expect(decodeJwt(accessAfter!).exp! * 1000).toBeGreaterThan(Date.now());
    expect(await stored('refreshToken')).not.toBe(refreshBefore);
  });

  it('lands on /login when the session was revoked elsewhere', async () => {
    await freshPage();
    await page.goto('/login');
    await logIn('chioma@example.ng', 'chioma-secret');
    await page.waitForURL('**/company/dashboard');

    // The session ends on the server (as a logout from another device or a new password would).
    const res = await fetch(`${server.url}/api/v2/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: await stored('refreshToken') }),
    });
    expect(res.status).toBe(200);
    await expireAccessToken();

    await page.goto('/company/settings');
    await page.waitForURL('**/login');
    expect(await stored('accessToken')).toBeNull();
    expect(await stored('loggedIn')).toBeNull();
  });
});
