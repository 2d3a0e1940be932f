import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import authenticate from '../../../server/plugins/app/authenticate';

/** The authenticate plugin alone, on a bare Fastify: what it declares, apart from the app. */
describe('authenticate plugin: what it declares', () => {
  it('refuses to load before the services plugin it uses, naming both', async () => {
    const app = Fastify();
    await expect(app.register(authenticate).ready()).rejects.toThrow(
      "The dependency 'services' of plugin 'authenticate' is not registered",
    );
  });

  it('gives a request that was not authenticated no account and no session', async () => {
    const app = Fastify();
    await app.register(fp(async () => {}, { name: 'services' }));
    await app.register(authenticate);
    app.get('/open', async (request) => ({
      account: request.account,
      sessionId: request.sessionId,
    }));
    const res = await app.inject({ url: '/open' });
    expect(res.json()).toEqual({ account: null, sessionId: '' });
    await app.close();
  });
});
