import type { Queryable } from '../db';
import { createAccountsRepository, type Role } from '../repositories/accounts';
import { normalizeNigerianPhone } from './phone';
import { hashPassword } from './secrets';

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
 * company; admins, sub-admins of the provider and agents belong to none.
 */
export async function createConfirmedUser(db: Queryable, input: CreateUserInput) {
  const accounts = createAccountsRepository(db);
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
      password_hash: await hashPassword(input.password),
      company_id: companyId,
      permissions: input.permissions ?? [],
      confirmed: true,
    },
    db,
  );
}
