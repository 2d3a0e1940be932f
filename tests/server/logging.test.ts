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

  it('never carry a mailed or capture token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const db = await freshDb();
    const app = await buildApp({ config: testConfig(), db, logger: { level: 'info', stream } });
    try {
      await app.ready();
      for (const url of [
        '/confirmemail?token=SECRET-CONFIRM',
        '/setpassword?token=SECRET-RESET',
        '/api/v2/capture/SECRET-CAPTURE',
        '/automatic-address-verification/SECRET-PAGE',
      ]) {
        await app.inject({ url });
      }
      const text = lines.join('');
      expect(text).toMatch(/token=\*\*\*/);
      expect(text).not.toMatch(/SECRET-/);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
