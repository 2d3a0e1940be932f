import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTimeouts, ConfigError } from '../../server/config';
import { configFromEnv, createTestApp, type TestContext } from './helpers';

const load = configFromEnv;

// Small limits, so that the test waits seconds rather than minutes.
const timeouts = { requestMs: 4000, headersMs: 800, idleMs: 1000, keepAliveMs: 1000 };

/**
 * Opens a raw connection, sends `head`, then one byte of `drip` every 100 ms; resolves with
 * how long the server kept the connection and what it answered.
 */
function trickle(port: number, head: string, drip: string) {
  return new Promise<{ ms: number; answer: string }>((resolve) => {
    const t0 = performance.now();
    let answer = '';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    // The drip starts once the head is written: a timer started before the connection is made
    // could fire first on a busy event loop, and its byte would lead the request line.
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (i < drip.length && !socket.destroyed) socket.write(drip[i++]!);
      }, 100);
    });
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - t0, answer });
    });
  });
}

describe('security: slow clients are cut off', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ timeouts });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx?.close());

  // Each drip would last 60 s if the server let it.
  const slow = 'x'.repeat(600);

  it('headers sent one byte at a time: cut at the headers timeout', async () => {
    const { ms, answer } = await trickle(
      port,
      'GET /api/v2/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ',
      slow,
    );
    expect(ms).toBeGreaterThanOrEqual(timeouts.headersMs - 200);
    expect(ms).toBeLessThan(timeouts.headersMs + 2000);
    expect(answer).not.toMatch(/200 OK/);
  });

  it('a body sent one byte at a time: cut at the request timeout', async () => {
    const { ms, answer } = await trickle(
      port,
      'POST /api/v2/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${slow.length}\r\n\r\n`,
      slow,
    );
    expect(ms).toBeGreaterThanOrEqual(timeouts.requestMs - 200);
    expect(ms).toBeLessThan(timeouts.requestMs + 2000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a request that stops sending: closed after the idle timeout', async () => {
    const { ms } = await trickle(
      port,
      'POST /api/v2/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{',
      '',
    );
    expect(ms).toBeGreaterThanOrEqual(timeouts.idleMs - 200);
    expect(ms).toBeLessThan(timeouts.requestMs - 500);
  });
});

describe('server timeouts configuration', () => {
  it('defaults leave a 15 MB upload at 0.5 Mbit/s room to finish', () => {
    expect(load({}).timeouts).toEqual(defaultTimeouts);
    const uploadSeconds = (15 * 8) / 0.5;
    expect(defaultTimeouts.requestMs / 1000).toBeGreaterThan(uploadSeconds);
  });

  it('reads whole seconds and refuses anything else, or headers longer than the request', () => {
    expect(
      load({
        REQUEST_TIMEOUT_SECONDS: '600',
        HEADERS_TIMEOUT_SECONDS: '10',
        IDLE_TIMEOUT_SECONDS: '15',
        KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      }).timeouts,
    ).toEqual({ requestMs: 600_000, headersMs: 10_000, idleMs: 15_000, keepAliveMs: 65_000 });
    for (const bad of ['0', '1.5', 'soon', '-3', '99999']) {
      expect(() => load({ IDLE_TIMEOUT_SECONDS: bad })).toThrow(/IDLE_TIMEOUT_SECONDS/);
    }
    expect(() => load({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(
      ConfigError,
    );
  });
});
