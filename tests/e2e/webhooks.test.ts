import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../server/services/webhookSignature';
import { startReceiver, type Receiver } from '../server/webhooks/support';
import { launchChromium, signedInPage, startDemoServer, type RunningServer } from './harness';

/**
 * Webhooks in Chromium against the real server: the demo company finds its endpoint under
 * Settings, adds one for a receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE), keeps the secret the
 * dialog shows once, and sends a test event that the receiver can verify with it.
 */
describe('Settings → Webhooks', () => {
  let server: RunningServer;
  let browser: Browser;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startDemoServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  it('adds an endpoint, shows its secret once and sends a test event signed with it', async () => {
    const page = await signedInPage(browser, server, 'company@demo.ng', 'Company1234!');
    await page.getByRole('menuitem', { name: /Settings/ }).click();
    await page.getByRole('link', { name: /Webhooks/ }).click();
    await page.getByText('https://hooks.lagoscredit.example/verification').waitFor();

    await page.getByRole('link', { name: 'Add endpoint' }).click();
    await page.getByRole('textbox', { name: /URL/ }).fill(receiver.url);
    await page.getByRole('checkbox', { name: 'job.cancelled' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    const secretBox = page.getByRole('dialog').getByRole('textbox');
    await secretBox.waitFor();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have kept it' }).click();

    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('The endpoint answered 200').waitFor();
    const [test] = receiver.received;
    expect(test?.body.type).toBe('webhook.test');
    expect(verifyWebhookSignature(secret, test!.headers['x-signature'] as string, test!.raw)).toBe(
      true,
    );
    await page.context().close();
  });
});
