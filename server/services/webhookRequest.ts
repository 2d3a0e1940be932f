import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { WebhookAttempt } from '../repositories/webhooks';

/**
 * Where webhooks may go, and the one request that takes them there. A URL must be HTTPS and
 * every address its host resolves to public; the request then connects to the address checked
 * (its lookup is pinned), so a DNS answer changed between the check and the connection cannot
 * turn it to the metadata service or the database next door. `allowPrivate` (development, tests)
 * lets `http://` and private addresses through.
 */

export const webhookUrlMaxLength = 2000;

/** Only the global unicast range: loopback, private, link-local, CGNAT, unique-local, multicast,
 * 0/8, the metadata address (link-local) and the IPv4-mapped forms of all of them are refused. */
export function isPublicAddress(address: string) {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class WebhookUrlError extends Error {}

export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Checks `raw` and resolves its host; throws WebhookUrlError saying why it is refused. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('url must be an absolute URL');
  }
  if (raw.length > webhookUrlMaxLength) {
    throw new WebhookUrlError(`url must be at most ${webhookUrlMaxLength} characters`);
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new WebhookUrlError('url must be https://');
  if (url.username || url.password) throw new WebhookUrlError('url must not carry credentials');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new WebhookUrlError(`url's host ${host} does not resolve`);
  }
  if (!addresses.length) throw new WebhookUrlError(`url's host ${host} does not resolve`);
  if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new WebhookUrlError(`url's host ${host} resolves to a private or reserved address`);
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

/** Bytes of a receiver's answer read before it is dropped: its body is not kept. */
const answerBytes = 4096;

/**
 * POSTs `body` to the checked target; a 2xx is a success, anything else (a redirect included:
 * none is followed), a timeout or a network error a failure.
 */
export function postWebhook(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<WebhookAttempt> {
  const started = performance.now();
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const done = (statusCode: number | null, error: string | null) =>
      resolve({
        ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
        statusCode,
        error,
        durationMs: performance.now() - started,
      });
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > answerBytes) res.destroy();
        });
        const status = res.statusCode ?? null;
        const error =
          status !== null && status >= 300 && status < 400 ? 'redirect not followed' : null;
        res.on('close', () => done(status, error));
      },
    );
    req.on('error', (err) =>
      done(
        null,
        err.name === 'TimeoutError' || err.name === 'AbortError' ? 'timed out' : err.message,
      ),
    );
    req.end(body);
  });
}
