import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lingerLimits } from '../../server/plugins/app/lingeringClose';
import { createTestApp, type TestContext } from './helpers';

/**
 * A body over the limit is answered 413 before it is read. Were the connection closed at once,
 * the client, still sending, would get a reset (EPIPE) instead of the answer: the rest of the body
 * is read and dropped first, over real HTTP, as a browser sends it.
 */
describe('security: an oversized body is answered 413, never by a reset connection', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx?.close());

  /** A 2 MB JSON login, twice the body limit. */
  const hugeLogin = JSON.stringify({
    email: 'someone@example.ng',
    password: 'x'.repeat(2 * 1024 * 1024),
  });

  function send(agent: http.Agent, path: string, body?: string) {
    return new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: body === undefined ? 'GET' : 'POST',
          agent,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: text, socket: req.socket }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('answers every one of several 2 MB logins on one keep-alive connection with its 413', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answers = [];
      answers.push(await send(agent, '/api/v2/health'));
      for (let i = 0; i < 4; i++) answers.push(await send(agent, '/api/v2/auth/login', hugeLogin));
      answers.push(await send(agent, '/api/v2/health'));
      expect(answers.map((a) => a.status)).toEqual([200, 413, 413, 413, 413, 200]);
      expect(JSON.parse(answers[1]!.body)).toEqual({
        message: expect.stringMatching(/too large/i),
      });
      // One connection throughout: the server read each refused body rather than closing.
      expect(new Set(answers.map((a) => a.socket)).size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('answers 413 to oversized bodies sent at once, back to back, on one connection', async () => {
    const agents = Array.from(
      { length: 3 },
      () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
    );
    try {
      const answers = await Promise.all(
        agents.flatMap((agent) => [
          send(agent, '/api/v2/auth/login', hugeLogin),
          send(agent, '/api/v2/auth/login', hugeLogin),
        ]),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(413));
      expect(new Set(answers.map((a) => a.socket)).size).toBe(3);
    } finally {
      for (const agent of agents) agent.destroy();
    }
  });

  it(`reads no more than ${lingerLimits.bytes / 2 ** 20} MB of a refused body, then closes`, async () => {
    const declared = 4 * lingerLimits.bytes;
    const sent = await new Promise<number>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let written = 0;
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const pump = () => {
        while (!socket.destroyed && written < declared) {
          written += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      socket.on('connect', () => {
        socket.write(
          'POST /api/v2/auth/login HTTP/1.1\r\nHost: localhost\r\n' +
            `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
        );
        pump();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(written));
    });
    expect(sent).toBeLessThan(declared);
  });

  it('answers a refused empty body at once: nothing is left to drain', async () => {
    const { ms } = lingerLimits;
    lingerLimits.ms = 120_000; // a wait for a body that already ended would outlast the test
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(res.statusCode).toBe(400);
    } finally {
      lingerLimits.ms = ms;
    }
  });
});
