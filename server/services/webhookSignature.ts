import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The webhook signature: `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * under the endpoint's secret. The timestamp is signed too, so a captured delivery cannot be
 * replayed later than the receiver's tolerance. README's receiver example mirrors `verify…`.
 */
export const signatureHeader = 'X-Signature';

export function signWebhook(secret: string, rawBody: string, now = new Date()) {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * Whether `header` signs `rawBody` (the bytes as received, before any JSON parsing) with
 * `secret`, at most `toleranceSeconds` from now. Compared in constant time.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  toleranceSeconds = 300,
  now = Date.now(),
) {
  const parts = new Map(
    (header ?? '').split(',').map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
