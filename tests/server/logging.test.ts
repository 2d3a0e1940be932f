import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { maskUrlSecrets } from '../../server/logging';
import { freshDb, testConfig } from './helpers';

describe('request logs', () => {
  it('mask tokens in query strings and capture paths', () => {
    expect(maskUrlSecrets('/confirmemail?token=abc123&x=1')).toBe('/confirmemail?token=***&x=1');
    expect(maskUrlSecrets('/setpassword?a=1&token=zzz')).toBe('/setpassword?a=1&token=***');
    expect(maskUrlSecrets('/api/v2/capture/TOKEN123')).toBe('/api/v2/capture/***');
    expect(maskUrlSecrets('/api/v2/capture/my-jobs/TOKEN123')).toBe('/api/v2/capture/my-jobs/***');
    expect(maskUrlSecrets('/automatic-address-verification/TOK?x=1')).toBe(
      '/automatic-address-verification/***?x=1',
    );
    expect(maskUrlSecrets('/api/v2/jobs?range=[0,24]')).toBe('/api/v2/jobs?range=[0,24]');
  });

  /** The log lines an app with request logging writes while `urls` are requested. */
  async function linesLoggedFor(urls: string[]) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const db = await freshDb();
    const app = await buildApp({ config: testConfig(), db, logger: { level: 'info', stream } });
    try {
      await app.ready();
      for (const url of urls) await app.inject({ url });
      return lines;
    } finally {
      await app.close();
      await db.close();
    }
  }

  it('never carry a mailed or capture token', async () => {
    const text = (
      await linesLoggedFor([
        '/confirmemail?token=SECRET-CONFIRM',
        '/setpassword?token=SECRET-RESET',
        '/api/v2/capture/SECRET-CAPTURE',
        '/automatic-address-verification/SECRET-PAGE',
      ])
    ).join('\n');
    expect(text).toMatch(/token=\*\*\*/);
    expect(text).not.toMatch(/SECRET-/);
  });

  it('write one line per request, when it ends: method, masked URL, status and time taken', async () => {
    const lines = await linesLoggedFor(['/api/v2/health', '/api/v2/capture/SECRET-CAPTURE']);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      url: '/api/v2/health',
      statusCode: 200,
      reqId: expect.any(String),
      responseTime: expect.any(Number),
    });
    expect(logged[1]).toMatchObject({ url: '/api/v2/capture/***' });
  });
});
