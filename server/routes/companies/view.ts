import type { CompanyRow } from '../../repositories/companies';
import { iso, isoOrNull } from '../../services/jobAccess';

/** A company as the API shows it: its owner's contact nested, times as ISO strings. */
export const companyView = (c: CompanyRow) => ({
  id: c.id,
  name: c.name,
  code: c.code,
  state: c.state,
  address: c.address,
  is_partner: c.is_partner,
  status: c.suspended_at ? ('suspended' as const) : ('active' as const),
  suspended_at: isoOrNull(c.suspended_at),
  owner:
    c.owner_id === null
      ? null
      : {
          id: c.owner_id,
          first_name: c.owner_first_name!,
          last_name: c.owner_last_name!,
          email: c.owner_email!,
          phone: c.owner_phone,
          status: c.owner_status!,
          email_confirmed: c.owner_confirmed,
        },
  created_at: iso(c.created_at),
  updated_at: isoOrNull(c.updated_at),
});
