import { uuidPattern } from '../../services/listParams';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError, forbidden } from '../../errors';
import { areaOf } from '../../services/accountView';

/**
 * The company a new job belongs to: a company user's own company; for provider staff, the
 * `company_id` they name, which must be a client company.
 */
export async function ownerCompanyOf(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: unknown,
): Promise<string> {
  const a = request.account;
  if (!app.allows(request, 'jobs.choose_owner')) {
    if (areaOf(a) !== 'company' || !a.company_id) throw forbidden();
    if (companyId && companyId !== a.company_id) {
      throw forbidden('You can only create jobs for your own company');
    }
    return a.company_id;
  }
  if (typeof companyId !== 'string' || !companyId) {
    throw fieldError('company_id', 'company_id is required: name the company the job is for');
  }
  // Any company may own a job; only partners take assigned work.
  const company = uuidPattern.test(companyId)
    ? await app.repos.companies.find(companyId)
    : undefined;
  if (!company) throw fieldError('company_id', 'company_id names no client company');
  return company.id;
}
