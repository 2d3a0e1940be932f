import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../errors';
import type { JobRow, JobScope } from '../../repositories/jobs';
import { CompanyDetails, CompanyIdParams } from '../../schemas/companies';
import { iso, jobView } from '../../services/jobAccess';
import { jobStatuses, type JobStatus } from '../../services/jobStateMachine';
import { companyView } from './view';

const recentJobsShown = 10;

const zeroCounts = () => ({
  ...(Object.fromEntries(jobStatuses.map((s) => [s, 0])) as Record<JobStatus, number>),
  total: 0,
});

/** `GET /user/company-details/{id}` (spec §7): the company information screen in one call. */
const companyDetailsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { companies, jobs } = app.repos;

  app.get(
    '/user/company-details/:id',
    {
      config: { access: 'companies.view' },
      schema: {
        tags: ['companies'],
        summary:
          'Company information: profile, job counts (owned and assigned to it), users, recent jobs',
        params: CompanyIdParams,
        response: { 200: CompanyDetails },
      },
    },
    async (request) => {
      const { id } = request.params;
      const company = await companies.find(id);
      if (!company) throw notFound('Company not found');
      // Read as the provider sees them: this screen is for its staff only.
      const all: JobScope = { kind: 'all' };
      const newest = { field: 'created_at', order: 'DESC' } as const;
      const [counts, users, owned, assigned] = await Promise.all([
        companies.jobCounts(id),
        companies.users(id),
        jobs.list(all, { ownerCompanyId: id }, newest, 0, recentJobsShown),
        jobs.list(all, { assigneeId: id }, newest, 0, recentJobsShown),
      ]);
      const job_counts = { owned: zeroCounts(), assigned: zeroCounts() };
      for (const c of counts) {
        const side = c.party_kind === 'owner' ? job_counts.owned : job_counts.assigned;
        side[c.status] += c.n;
        side.total += c.n;
      }
      const byNewest = (a: JobRow, b: JobRow) =>
        b.created_at.getTime() - a.created_at.getTime() || b.id.localeCompare(a.id);
      return {
        ...companyView(company),
        job_counts,
        users: users.map((u) => ({
          id: u.id,
          unique_code: u.unique_code,
          role: u.role,
          full_name: `${u.first_name} ${u.last_name}`,
          email: u.email,
          phone: u.phone,
          status: u.status,
          created_at: iso(u.created_at),
        })),
        recent_jobs: [...owned, ...assigned].sort(byNewest).slice(0, recentJobsShown).map(jobView),
      };
    },
  );
};

export default companyDetailsRoutes;
