import { TOTP } from 'otpauth';
import type { App } from '../../../server/app';
import type { Db } from '../../../server/db';
import { createUser, login, uniqueIp } from '../helpers';

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
export const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

export function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { headers?: Record<string, string>; payload?: object; ip?: string } = {},
) {
  return app.inject({
    method,
    url: `/api/v2${url}`,
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(opts.payload ? { payload: opts.payload } : {}),
    remoteAddress: opts.ip ?? uniqueIp(),
  });
}

/** A signed-in user with two-factor on: its secret (codes of now are spent) and recovery codes. */
export async function userWithTwoFactor(
  app: App,
  db: Db,
  input: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(db, input);
  const { headers } = await login(app, user.email, user.password);
  const setup = await call(app, 'POST', '/auth/2fa/setup', { headers });
  const { secret } = setup.json() as { secret: string };
  const enabled = await call(app, 'POST', '/auth/2fa/enable', {
    headers,
    payload: { code: codeAt(secret) },
  });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.body}`);
  const { recovery_codes } = enabled.json() as { recovery_codes: string[] };
  return { ...user, headers, secret, recoveryCodes: recovery_codes };
}

/** The ticket of a sign-in's first step. */
export async function ticketOf(app: App, email: string, password: string, ip = uniqueIp()) {
  const res = await call(app, 'POST', '/auth/login', { payload: { email, password }, ip });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return (res.json() as { ticket: string }).ticket;
}
