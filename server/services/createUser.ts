import type { Queryable } from '../db';
import { createAccountsRepository, type Role } from '../repositories/accounts';
import { normalizeNigerianPhone } from './phone';
import { hashNewPassword } from './passwordPolicy';

export interface CreateUserInput {
  role: Role;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone?: string;
  company_name?: string;
  permissions?: string[];
}

/**
 * A confirmed, active user, for operators (user:create) and demo data. A company user gets its
 * company; admins, sub-admins of the provider and agents belong to none. `passwordHash` is the
 * hash of `input.password` made earlier, so that many demo users sharing a password cost one
 * hashing (argon2id is slow on purpose).
 */
export async function createConfirmedUser(
  db: Queryable,
  input: CreateUserInput,
  opts: { passwordHash?: string } = {},
) {
  const accounts = createAccountsRepository(db);
  // Checked before anything is written: a refused password leaves no company behind.
  const passwordHash = opts.passwordHash ?? (await hashNewPassword(input.password));
  const companyId =
    input.role === 'company'
      ? await accounts.createCompany(input.company_name?.trim() || null, db)
      : null;
  return accounts.create(
    {
      role: input.role,
      email: input.email.trim(),
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      phone: input.phone ? normalizeNigerianPhone(input.phone) : null,
      password_hash: passwordHash,
      company_id: companyId,
      permissions: input.permissions ?? [],
      confirmed: true,
    },
    db,
  );
}
