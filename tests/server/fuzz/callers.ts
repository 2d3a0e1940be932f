import sharp from 'sharp';
import { demoAccounts } from '../../../server/seed/demoAccounts';
import { demoOwnerPassword } from '../../../server/seed/demoCompanies';
import { demoStaffPassword } from '../../../server/seed/demoUsers';
import { login, type TestContext } from '../helpers';
import type { Pools } from './requests';

/** Who the fuzz sends requests as: every kind of caller the API tells apart. */
const signIns = {
  admin: [demoAccounts[0].email, demoAccounts[0].password],
  'sub-admin': [demoAccounts[2].email, demoAccounts[2].password],
  'company owner': [demoAccounts[1].email, demoAccounts[1].password],
  'company sub-user': ['loans.officer@demo.ng', demoStaffPassword],
  'partner company': ['ops@fieldtrust.ng', demoOwnerPassword],
  'other client company': ['chioma@sterlingmfb.ng', demoOwnerPassword],
} as const;

export type Caller = keyof typeof signIns | 'anonymous' | 'api key' | 'junk token';
export const callers: Caller[] = [
  ...(Object.keys(signIns) as Caller[]),
  'anonymous',
  'api key',
  'junk token',
];

/**
 * The callers' headers on `ctx`'s demo. A sign-in ended by an accepted request (a session
 * revoked, say) is renewed once it answers 401; an API key of the demo company stands for its
 * integration. Agents hold no sign-in: they come in through capture tokens (`pools.tokens`).
 */
export async function signInCallers(ctx: TestContext) {
  const headers = new Map<Caller, Record<string, string>>([
    ['anonymous', {}],
    ['junk token', { authorization: 'Bearer vb_live_not-a-key' }],
  ]);
  const signIn = async (caller: keyof typeof signIns) => {
    const [email, password] = signIns[caller];
    headers.set(caller, (await login(ctx.app, email, password)).headers);
  };
  for (const caller of Object.keys(signIns) as (keyof typeof signIns)[]) await signIn(caller);
  const key = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/api-keys',
    headers: headers.get('company owner'),
    payload: { name: 'Fuzz' },
  });
  if (key.statusCode !== 201) throw new Error(`API key: ${key.statusCode} ${key.body}`);
  headers.set('api key', { authorization: `Bearer ${key.json<{ key: string }>().key}` });
  return {
    apiKeyId: key.json<{ id: string }>().id,
    headersOf: (caller: Caller) => headers.get(caller)!,
    /** After a 401 to a signed-in caller: sign in again (an error if that is refused too). */
    async renew(caller: Caller) {
      if (caller in signIns) await signIn(caller as keyof typeof signIns).catch(() => undefined);
    },
  };
}

/**
 * Real values of the demo: ids of every table's rows (every tenant's), capture tokens of jobs
 * out with agents and partners, account emails.
 */
export async function demoPools(
  ctx: TestContext,
  admin: Record<string, string>,
  skipIds: string[],
): Promise<Pools> {
  const tables = (
    await ctx.db.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'id' AND data_type = 'uuid'
          AND table_name <> 'refresh_tokens'`,
    )
  ).rows.map((r) => r.t);
  const ids: string[] = [];
  const idsOf: Record<string, string[]> = {};
  for (const t of tables) {
    // Rows of every tenant: the newest and the oldest of each table.
    const r = await ctx.db.query<{ id: string }>(
      `(SELECT id::text AS id FROM ${t} ORDER BY ctid LIMIT 10) UNION (SELECT id::text FROM ${t} ORDER BY ctid DESC LIMIT 10)`,
    );
    idsOf[t] = r.rows.map((x) => x.id).filter((id) => !skipIds.includes(id));
    ids.push(...idsOf[t]);
  }
  const open = await ctx.db.query<{ id: string }>(
    `SELECT id::text AS id FROM jobs WHERE status IN ('assigned', 'accepted') ORDER BY id LIMIT 4`,
  );
  const tokens: string[] = [];
  for (const { id } of open.rows) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/job/${id}/capture-link`,
      headers: admin,
    });
    if (res.statusCode === 201) tokens.push(res.json<{ token: string }>().token);
  }
  const emails = (
    await ctx.db.query<{ email: string }>('SELECT email FROM accounts ORDER BY email')
  ).rows.map((r) => r.email);
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#8a6' } })
    .jpeg()
    .toBuffer();
  return { ids, idsOf, tokens, emails, jpeg };
}
