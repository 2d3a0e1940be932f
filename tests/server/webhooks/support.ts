import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../../server/app';
import type { Headers } from '../jobs/support';

/** One request a receiver got: its headers and raw body, parsed too. */
export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; created_at: string; data: { job: Record<string, unknown> } };
}

/**
 * A real HTTP receiver on 127.0.0.1: keeps what it gets and answers `answer(n)` (n counts the
 * requests from 1), a status code (200 by default).
 */
export async function startReceiver(answer: (n: number, r: Received) => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const r = { headers: req.headers, raw, body: JSON.parse(raw) as Received['body'] };
      received.push(r);
      const code = answer(received.length, r);
      res.writeHead(code, code >= 300 && code < 400 ? { Location: 'http://127.0.0.1:1/' } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Registers an endpoint through the API; answers its id and secret. */
export async function register(
  app: App,
  headers: Headers,
  url: string,
  events: string[] = ['job.created', 'job.assigned', 'job.cancelled'],
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/webhooks',
    headers,
    payload: { url, events },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; secret: string };
}

/** An endpoint's delivery log through the API. */
export async function deliveriesOf(app: App, headers: Headers, id: string) {
  const res = await app.inject({ url: `/api/v2/webhooks/${id}/deliveries`, headers });
  if (res.statusCode !== 200) throw new Error(`log failed: ${res.statusCode} ${res.body}`);
  return res.json() as {
    id: string;
    event_id: string;
    event_type: string;
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_duration_ms: number | null;
  }[];
}

/** Settings that deliver to the receiver at once and retry within milliseconds. */
export const quickWebhooks = { allowPrivate: true, retryBaseMs: 40 };
