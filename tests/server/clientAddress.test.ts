import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { ConfigError, type Config } from '../../server/config';
import { configFromEnv, emptyDb, testConfig } from './helpers';
import type { Db } from '../../server/db';

const load = configFromEnv;

describe('security: TRUST_PROXY trusts a set number of hops or given proxies, never everyone', () => {
  it('reads false (the default), a hop count, or a list of proxy addresses and CIDRs', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
  });

  it.each(['true', '0', '11', 'loadbalancer', '10.0.0.0/33', '10.0.0.1/8/8', '1.5'])(
    'refuses TRUST_PROXY=%s at start',
    (value) => {
      expect(() => load({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => load({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it('explains what to set instead of true', () => {
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/number of proxies/);
  });

  describe('the client IP the app sees', () => {
    let db: Db;
    const apps: App[] = [];
    beforeAll(async () => {
      db = await emptyDb();
    });
    afterAll(async () => {
      await Promise.all(apps.map((a) => a.close()));
      await db?.close();
    });

    async function ipSeenBy(trustProxy: Config['trustProxy'], from: string, xff?: string) {
      const app = await buildApp({ config: testConfig({ trustProxy }), db });
      apps.push(app);
      app.get('/api/v2/test/ip', { config: { access: 'public' } }, async (request) => ({
        ip: request.ip,
      }));
      const res = await app.inject({
        url: '/api/v2/test/ip',
        remoteAddress: from,
        headers: xff ? { 'x-forwarded-for': xff } : {},
      });
      return (res.json() as { ip: string }).ip;
    }

    it('TRUST_PROXY=1: the address the proxy saw, whatever the client put further left', async () => {
      expect(await ipSeenBy(1, '10.0.0.5', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
      expect(await ipSeenBy(1, '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    });

    it('TRUST_PROXY=2: two proxies, still not the spoofed leftmost hop', async () => {
      expect(await ipSeenBy(2, '10.0.0.5', '6.6.6.6, 203.0.113.9, 10.0.0.9')).toBe('203.0.113.9');
    });

    it('proxy addresses: X-Forwarded-For only when the proxy itself connects', async () => {
      expect(await ipSeenBy(['10.0.0.0/8'], '10.0.0.5', '6.6.6.6, 203.0.113.9')).toBe(
        '203.0.113.9',
      );
      expect(await ipSeenBy(['10.0.0.0/8'], '198.51.100.7', '6.6.6.6')).toBe('198.51.100.7');
    });

    it('false: the socket address, X-Forwarded-For ignored', async () => {
      expect(await ipSeenBy(false, '198.51.100.7', '6.6.6.6')).toBe('198.51.100.7');
    });
  });
});
