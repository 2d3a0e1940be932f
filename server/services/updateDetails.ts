import type { Db } from '../db';
import { createAccountsRepository, type AccountRow } from '../repositories/accounts';
import { createCompaniesRepository } from '../repositories/companies';

export interface DetailsChange {
  first_name?: string;
  last_name?: string;
  /** Already normalised to +234…. */
  phone?: string;
  /** Null clears it. */
  address?: string | null;
  company_name?: string;
  /** A state alias, already checked. */
  company_state?: string;
  company_address?: string;
}

/**
 * Changes the signed-in user's own name and phone, and the company's name when the user is the
 * company's owner (role company), and its state and address; returns the account as it is now.
 */
export async function updateOwnDetails(db: Db, account: AccountRow, change: DetailsChange) {
  return db.transaction(async (tx) => {
    await tx.query(
      `UPDATE accounts SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
              phone = coalesce($4, phone),
              address = CASE WHEN $5::boolean THEN $6::text ELSE address END, updated_at = now()
        WHERE id = $1`,
      [
        account.id,
        change.first_name ?? null,
        change.last_name ?? null,
        change.phone ?? null,
        change.address !== undefined,
        change.address ?? null,
      ],
    );
    if (change.company_name !== undefined && account.role === 'company' && account.company_id) {
      await tx.query('UPDATE companies SET name = $2 WHERE id = $1', [
        account.company_id,
        change.company_name,
      ]);
    }
    if (account.role === 'company' && account.company_id) {
      await createCompaniesRepository(tx).updateLocation(
        account.company_id,
        { state: change.company_state, address: change.company_address },
        tx,
      );
    }
    return (await createAccountsRepository(tx).findById(account.id, tx))!;
  });
}
