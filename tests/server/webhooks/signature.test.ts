import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from '../../../server/services/webhookSignature';

const secret = 'whsec_test';
const body = '{"id":"e1","type":"job.created","created_at":"2026-01-01T00:00:00.000Z","data":{}}';

describe('the webhook signature (what README shows receivers)', () => {
  const header = signWebhook(secret, body);

  it('verifies the body it signed, with the secret it was signed with', () => {
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, header, body)).toBe(true);
  });

  it.each([
    ['a tampered body', secret, header, body.replace('job.created', 'job.approved')],
    ['another secret', 'whsec_other', header, body],
    [
      'a tampered signature',
      secret,
      header.replace(/v1=(.)/, (_m, c) => `v1=${c === '0' ? '1' : '0'}`),
      body,
    ],
    [
      'a changed timestamp',
      secret,
      header.replace(/t=(\d+)/, (_m, t) => `t=${Number(t) + 1}`),
      body,
    ],
    ['no header', secret, undefined, body],
    ['a malformed header', secret, 'v1=abc', body],
  ])('refuses %s', (_what, s, h, b) => {
    expect(verifyWebhookSignature(s, h, b)).toBe(false);
  });

  it('refuses a signature older (or newer) than the tolerance: a replay', () => {
    const old = signWebhook(secret, body, new Date(Date.now() - 301_000));
    expect(verifyWebhookSignature(secret, old, body)).toBe(false);
    expect(verifyWebhookSignature(secret, old, body, 600)).toBe(true);
    const future = signWebhook(secret, body, new Date(Date.now() + 301_000));
    expect(verifyWebhookSignature(secret, future, body)).toBe(false);
  });
});
