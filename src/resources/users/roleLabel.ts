/**
 * The text key of an account's role as people read it: a company's sub-user is one of its staff;
 * "Sub-admin" is the provider's word for its own staff.
 */
export const roleLabelKey = (role: string, companyId: string | null | undefined) =>
  role === 'sub-admin' && companyId ? 'app.roles.company_staff' : `app.roles.${role}`;
