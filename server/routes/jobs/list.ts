import { lagosDate } from '../../../reference/lagosTime';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { jobFieldDefs } from '../../../reference/jobKinds';
import { notFound } from '../../errors';
import { jobCsvHeader, type JobListFilter, type JobScope } from '../../repositories/jobs';
import { JobDetailWithCapture } from '../../schemas/capture';
import {
  ByAssignerParams,
  CompanyCounts,
  CompanyCountsQuery,
  Job,
  JobIdParams,
  JobListQuery,
  JobPage,
  PageQuery,
  SummaryCounts,
} from '../../schemas/jobs';
import { csvLine } from '../../services/csv';
import { setContentRange } from '../../services/listParams';
import { numberedPage, scoped } from '../../services/listFilter';
import { allowedActions, isAdminArea, iso, jobScopeOf, jobView } from '../../services/jobAccess';
import { jobStatuses, type JobStatus } from '../../services/jobStateMachine';
import { captureDetail } from '../capture/detail';
import { lagosMidnight, parseListQuery } from './listQuery';

const pageSize = 25;
const listRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobs } = app.repos;
  const tags = ['jobs'];

  /** Counts per status (all of them, zeros included), overdue and total. */
  async function statusCounts(scope: JobScope, filter: JobListFilter = {}) {
    const rows = await jobs.countsByStatus(scope, filter);
    const counts = Object.fromEntries(jobStatuses.map((s) => [s, 0])) as Record<JobStatus, number>;
    let overdue = 0;
    let total = 0;
    for (const r of rows) {
      counts[r.status] = r.n;
      overdue += r.overdue;
      total += r.n;
    }
    return { ...counts, overdue, total };
  }

  async function page(scope: JobScope, filter: JobListFilter, pageNo: number) {
    const sort = { field: 'created_at', order: 'DESC' } as const;
    const { rows, total } = await numberedPage(scoped(jobs, scope), filter, sort, pageNo, pageSize);
    return { data: rows.map(jobView), total, page: pageNo };
  }

  /** Every matching job as CSV, streamed chunk by chunk as the client reads it. */
  function csvExport(scope: JobScope, q: ReturnType<typeof parseListQuery>) {
    const kindFields = q.filter.type
      ? jobFieldDefs[q.filter.type]
          .filter((d) => d.type !== 'state' && d.type !== 'lga')
          .map((d) => d.name)
      : [];
    async function* chunks() {
      // A byte order mark first, so that Excel reads the UTF-8 right.
      yield '\uFEFF' + csvLine(jobCsvHeader(kindFields));
      yield* jobs.csvChunks(scope, q.filter, q.sort, kindFields);
    }
    return Readable.from(chunks());
  }

  app.get(
    '/jobs',
    {
      // The busiest call: its statement checks the session too, one call into the database.
      config: {
        access: 'jobs.list',
        sessionCheck: 'in-statement',
        apiKey: true,
        audit: 'export.jobs',
      },
      schema: {
        tags,
        summary:
          'Jobs visible to this user, in ra-data-simple-rest conventions; Accept: text/csv exports all',
        description:
          'JSON: an array with `Content-Range: jobs first-last/total`. A search (`q`) whose newest ' +
          'jobs already hold more matches than the page answers from them without counting the ' +
          'rest: the total is then `*` (more pages follow). With `Accept: text/csv`: every ' +
          "matching job (range ignored) as `data.csv`, times in Lagos time (`2026-03-01 12:00:00`); a `type` filter adds that kind's fields as columns.",
        querystring: JobListQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: Type.Array(Job) },
      },
    },
    async (request, reply) => {
      const q = parseListQuery(request.query);
      if (await app.csvExportAsked(request)) {
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="data.csv"')
          .send(csvExport(jobScopeOf(request.account), q) as never);
      }
      const read = () =>
        jobs.listPage(
          jobScopeOf(request.account),
          q.filter,
          q.sort,
          q.offset,
          q.limit,
          request.sessionUnconfirmed ? app.sessionCheck(request) : undefined,
        );
      let page = await read();
      // The account changed since this process last saw it: checked in full, then read again.
      if (!(await app.settleSession(request, page.checked))) page = await read();
      // The database writes the page's JSON (the response schema still documents it): sent as is.
      return setContentRange(reply, 'jobs', q.offset, page.rows, page.total)
        .type('application/json; charset=utf-8')
        .send(page.json);
    },
  );

  app.get(
    '/jobs/:id',
    {
      config: { access: 'jobs.list', apiKey: true },
      schema: {
        tags,
        summary: "One job (react-admin getOne); another company's job is 404",
        params: JobIdParams,
        response: { 200: Job },
      },
    },
    async (request) => {
      const job = await jobs.findVisible(request.params.id, jobScopeOf(request.account));
      if (!job) throw notFound('Job not found');
      return jobView(job);
    },
  );

  app.get(
    '/job/detail/:id',
    {
      config: { access: 'jobs.list', apiKey: true },
      schema: {
        tags,
        summary:
          'Job profile: the job, its history, attachments, capture evidence and the actions this user may take now',
        params: JobIdParams,
        response: { 200: JobDetailWithCapture },
      },
    },
    async (request) => {
      const job = await jobs.findVisible(request.params.id, jobScopeOf(request.account));
      if (!job) throw notFound('Job not found');
      // Attachments and evidence show the subject: gone with the personal fields.
      const [events, attachments, capture, erasedAt] = await Promise.all([
        jobs.events(job.id),
        job.personal_hidden ? [] : jobs.attachments(job.id),
        job.personal_hidden
          ? { has_link: false, sms: null, link: null, submission: null, checks: null }
          : captureDetail(app, request.account, job),
        jobs.erasedAt(job.id),
      ]);
      const parties = {
        status: job.status,
        company_id: job.company_id,
        assignee_type: job.assignee_type,
        assignee_company_id: job.assignee_type === 'company' ? job.assignee_id : null,
        assignee_agent_id: job.assignee_type === 'agent' ? job.assignee_id : null,
      };
      return {
        ...jobView(job),
        events: events.map((e) => ({ ...e, created_at: iso(e.created_at) })),
        attachments: attachments.map(({ storage_key: _key, ...f }) => ({
          ...f,
          created_at: iso(f.created_at),
        })),
        actions: allowedActions(request.account, parties, (key) => app.allows(request, key)),
        erased_at: erasedAt && iso(erasedAt),
        capture,
      };
    },
  );

  app.get(
    '/job/summary/counts',
    {
      config: { access: 'dashboard.view' },
      schema: {
        tags,
        summary:
          'Counts per status, overdue and total of the jobs this user sees; jobs created per day',
        response: { 200: SummaryCounts },
      },
    },
    async (request) => {
      const scope = jobScopeOf(request.account);
      const days = 30;
      const today = lagosDate();
      const first = new Date(lagosMidnight(today).getTime() - (days - 1) * 86_400_000);
      const [counts, perDay] = await Promise.all([
        statusCounts(scope),
        jobs.createdPerDay(scope, first, days),
      ]);
      const byDay = new Map(perDay.map((d) => [d.day, d.n]));
      const created_per_day = Array.from({ length: days }, (_, i) => {
        const date = lagosDate(first.getTime() + i * 86_400_000);
        return { date, count: byDay.get(date) ?? 0 };
      });
      return { ...counts, created_per_day };
    },
  );

  app.get(
    '/job/company-job/counts',
    {
      config: { access: 'jobs.list' },
      schema: {
        tags,
        summary:
          "The company's own jobs: counts per status, and a page of 25 (optionally of one status)",
        description:
          "For provider staff: all jobs. `total` counts the jobs of the page's status filter.",
        querystring: CompanyCountsQuery,
        response: { 200: CompanyCounts },
      },
    },
    async (request) => {
      const a = request.account;
      const scope: JobScope = isAdminArea(a) ? { kind: 'all' } : jobScopeOf(a);
      const own: JobListFilter = isAdminArea(a) ? {} : { ownerCompanyId: a.company_id! };
      const status = request.query.status;
      const [counts, list] = await Promise.all([
        statusCounts(scope, own),
        page(scope, { ...own, ...(status ? { status } : {}) }, request.query.page ?? 1),
      ]);
      return { counts, ...list };
    },
  );

  app.get(
    '/job/get-company-job-by-assigner/:assignerId/:status',
    {
      config: { access: 'jobs.list' },
      schema: {
        tags,
        summary:
          "Jobs owned by a company (its id or its owner's account id) with a status (or all), 25 a page",
        params: ByAssignerParams,
        querystring: PageQuery,
        response: { 200: JobPage },
      },
    },
    async (request) => {
      const { assignerId, status } = request.params;
      const r = await app.db.query<{ company_id: string | null }>(
        `SELECT coalesce((SELECT company_id FROM accounts WHERE id = $1),
                         (SELECT id FROM companies WHERE id = $1)) AS company_id`,
        [assignerId],
      );
      const companyId = r.rows[0]?.company_id;
      if (!companyId) throw notFound('Company not found');
      const filter: JobListFilter = { ownerCompanyId: companyId };
      if (status !== 'all') filter.status = status as JobStatus;
      return page(jobScopeOf(request.account), filter, request.query.page ?? 1);
    },
  );
};

export default listRoutes;
