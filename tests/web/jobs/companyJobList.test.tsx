import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, signIn } from '../support/session';
import { makeJob } from '../support/jobsFixtures';

const companyId = 'c0000000-0000-4000-8000-000000000001';

/** Answers `GET /job/get-company-job-by-assigner/{id}/{status}?page` and records each call. */
function answerCompanyJobs(jobsOf: (status: string) => ReturnType<typeof makeJob>[]) {
  const calls: string[] = [];
  server.use(
    http.get('/api/v2/job/get-company-job-by-assigner/:id/:status', ({ request, params }) => {
      const url = new URL(request.url);
      calls.push(`${url.pathname}${url.search}`);
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = jobsOf(String(params.status));
      return HttpResponse.json({
        data: all.slice((page - 1) * 25, page * 25),
        total: all.length,
        page,
      });
    }),
  );
  return calls;
}

describe("a company's jobs", () => {
  it('names the company, lists its jobs with links to their profiles, a tab per status', async () => {
    signIn(adminAccount);
    const calls = answerCompanyJobs((status) =>
      status === 'all'
        ? [makeJob(1, { subject_name: 'Chidi Okeke' }), makeJob(2, { status: 'assigned' })]
        : [],
    );
    const { user } = await renderApp(`/admin/jobs/company/${companyId}`);

    expect(
      await screen.findByRole('heading', { name: 'Jobs of Lagos Freight Ltd', level: 2 }),
    ).toBeInTheDocument();
    const row = screen.getByText('Chidi Okeke').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'JOB-000001' })).toHaveAttribute(
      'href',
      `/admin/jobs/profile/${makeJob(1).id}`,
    );
    expect(within(row).getByText('Lagos, Ikeja')).toBeInTheDocument();
    expect(within(row).getByText('Mar 4, 2025')).toBeInTheDocument();
    expect(calls).toEqual([`/api/v2/job/get-company-job-by-assigner/${companyId}/all?page=1`]);

    await user.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(await screen.findByText('No jobs with this status.')).toBeInTheDocument();
    expect(calls.at(-1)).toBe(
      `/api/v2/job/get-company-job-by-assigner/${companyId}/cancelled?page=1`,
    );
    expect(screen.getByRole('heading', { name: "A company's jobs", level: 2 })).toBeInTheDocument();
  });

  it('pages 25 jobs at a time', async () => {
    signIn(adminAccount);
    const jobs = Array.from({ length: 30 }, (_, i) => makeJob(i + 1));
    const calls = answerCompanyJobs(() => jobs);
    const { user } = await renderApp(`/admin/jobs/company/${companyId}`);
    expect(await screen.findByText('JOB-000025')).toBeInTheDocument();
    expect(screen.queryByText('JOB-000026')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /page 2/i }));
    expect(await screen.findByText('JOB-000026')).toBeInTheDocument();
    expect(calls.at(-1)).toBe(`/api/v2/job/get-company-job-by-assigner/${companyId}/all?page=2`);
  });

  it('shows a refused request as its message', async () => {
    signIn(adminAccount);
    server.use(
      http.get('/api/v2/job/get-company-job-by-assigner/:id/:status', () =>
        HttpResponse.json({ message: 'Company not found' }, { status: 404 }),
      ),
    );
    await renderApp(`/admin/jobs/company/${companyId}`);
    expect(await screen.findByText('Company not found')).toBeInTheDocument();
  });
});
