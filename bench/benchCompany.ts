import type { App } from '../server/app';
import type { Db } from '../server/db';
import { createLedgerRepository } from '../server/repositories/ledger';
import { createConfirmedUser } from '../server/services/createUser';
import { fundingMovement } from '../server/services/ledger';

export const benchPassword = 'bench-password';

/**
 * A company of an in-process bench (`name@bench.ng`), its wallet funded beyond need, signed in:
 * its bearer header and company id.
 */
export async function signedInCompany(app: App, db: Db, name: string, reference: string) {
  const owner = await createConfirmedUser(db, {
    role: 'company',
    email: `${name}@bench.ng`,
    password: benchPassword,
    first_name: 'Bench',
    last_name: name,
    company_name: `${name} Ltd`,
  });
  await createLedgerRepository(db).post([
    fundingMovement(owner.company_id!, 1e13, `${reference}-${name}`, {}, null),
  ]);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { email: owner.email, password: benchPassword },
  });
  const token = (login.json() as { accessToken: string }).accessToken;
  return { headers: { authorization: `Bearer ${token}` }, companyId: owner.company_id! };
}
