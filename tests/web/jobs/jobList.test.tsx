import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { companyAccount, signIn } from '../support/session';
import { filterOf, jobsPage, makeJob, makeJobDetail } from '../support/jobsFixtures';

/** Answers `GET /jobs` with these jobs and records every call's query. */
function answerJobs(jobs = [makeJob(1), makeJob(2, { status: 'assigned' })], total = 57) {
  const calls: URL[] = [];
  server.use(
    http.get('/api/v2/jobs', ({ request }) => {
      calls.push(new URL(request.url));
      return jobsPage(jobs, total);
    }),
  );
  return calls;
}

describe('jobs list', () => {
  it('shows the rows of GET /jobs with the total of its Content-Range, rows link to profiles', async () => {
    signIn(companyAccount);
    const calls = answerJobs([
      makeJob(1, { subject_name: 'Chidi Okeke', state: 'akwa_ibom', lga: 'Uyo' }),
      makeJob(2, {
        status: 'assigned',
        subject_name: 'Ngozi Eze',
        type: 'business',
        assignee_name: 'Abuja Checks Ltd',
        due_at: '2025-03-05T10:00:00.000Z',
        overdue: true,
      }),
    ]);
    const { user } = await renderApp('/company/jobs');

    const row = (await screen.findByText('Chidi Okeke')).closest('tr')!;
    expect(within(row).getByText('JOB-000001')).toBeInTheDocument();
    expect(within(row).getByText('Address')).toBeInTheDocument();
    // One line per row: state and LGA share a cell, whole in its title when cut.
    expect(within(row).getByText('Akwa Ibom, Uyo')).toHaveAttribute('title', 'Akwa Ibom, Uyo');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('Not assigned')).toBeInTheDocument();
    const created = within(row).getByText('Mar 4, 2025');
    expect(created).toHaveAttribute('title', expect.stringMatching(/^March 4, 2025 at /));

    const second = screen.getByText('Ngozi Eze').closest('tr')!;
    expect(within(second).getByText('Business')).toBeInTheDocument();
    expect(within(second).getByText('Abuja Checks Ltd')).toBeInTheDocument();
    expect(within(second).getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText(/1-25 of 57/)).toBeInTheDocument();

    const query = calls.at(-1)!.searchParams;
    expect(JSON.parse(query.get('sort')!)).toEqual(['created_at', 'DESC']);
    expect(JSON.parse(query.get('range')!)).toEqual([0, 24]);

    server.use(http.get('/api/v2/job/detail/:id', () => HttpResponse.json(makeJobDetail(1))));
    await user.click(within(row).getByRole('link', { name: 'JOB-000001' }));
    expect(
      await screen.findByRole('heading', { name: 'JOB-000001 · Chidi Okeke 1' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe(`/company/jobs/profile/${makeJob(1).id}`);
  });

  it('sends the status of the chosen tab as a filter, and none for All', async () => {
    signIn(companyAccount);
    const calls = answerJobs();
    const { user } = await renderApp('/company/jobs');
    await screen.findByText('JOB-000001');

    await user.click(screen.getByRole('tab', { name: 'Submitted' }));
    await waitFor(() =>
      expect(filterOf(new Request(calls.at(-1)!))).toEqual({ status: 'submitted' }),
    );
    expect(screen.getByRole('tab', { name: 'Submitted' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(filterOf(new Request(calls.at(-1)!))).toEqual({}));
  });

  it('searches by code or name with the q filter', async () => {
    signIn(companyAccount);
    const calls = answerJobs();
    const { user } = await renderApp('/company/jobs');
    await screen.findByText('JOB-000001');

    await user.type(screen.getByPlaceholderText('Search by code or name'), 'JOB-00004');
    await waitFor(() => expect(filterOf(new Request(calls.at(-1)!))).toEqual({ q: 'JOB-00004' }));
  });

  it('pages a broad search whose total the server did not count', async () => {
    signIn(companyAccount);
    const calls: URL[] = [];
    server.use(
      http.get('/api/v2/jobs', ({ request }) => {
        const url = new URL(request.url);
        calls.push(url);
        const [first] = JSON.parse(url.searchParams.get('range')!) as number[];
        const jobs = Array.from({ length: 25 }, (_, i) =>
          makeJob(first! + i + 1, { subject_name: `Okonkwo Ada${first! + i + 1}` }),
        );
        return jobsPage(jobs, '*', first);
      }),
    );
    const { user } = await renderApp('/company/jobs');
    expect(await screen.findByText('Okonkwo Ada1')).toBeInTheDocument();
    expect(screen.getByText('1-25 of more than 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    // Up to 15 s: in CI, with the API tests on both cores, the second page took over the 5 s wait.
    expect(await screen.findByText('Okonkwo Ada26', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('26-50 of more than 50')).toBeInTheDocument();
    expect(JSON.parse(calls.at(-1)!.searchParams.get('range')!)).toEqual([25, 49]);
  }, 30_000);

  it('opens with the filter of a dashboard link', async () => {
    signIn(companyAccount);
    const calls = answerJobs();
    await renderApp(`/company/jobs?filter=${encodeURIComponent('{"overdue":true}')}`);
    await screen.findByText('JOB-000001');
    expect(filterOf(new Request(calls.at(-1)!))).toEqual({ overdue: true });
  });
});

describe('jobs export', () => {
  it('asks the server for the CSV of the filtered list with the bearer token, saved as data.csv', async () => {
    signIn(companyAccount, { accessToken: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig' });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    let exported:
      { filter: unknown; accept: string | null; authorization: string | null } | undefined;
    server.use(
      http.get('/api/v2/jobs', ({ request }) => {
        if (request.headers.get('accept')?.includes('text/csv')) {
          exported = {
            filter: filterOf(request),
            accept: request.headers.get('accept'),
            authorization: request.headers.get('authorization'),
          };
          return new HttpResponse('code\nJOB-000001\n', {
            headers: { 'Content-Type': 'text/csv' },
          });
        }
        return jobsPage([makeJob(1)]);
      }),
    );
    const { user } = await renderApp('/company/jobs');
    await screen.findByText('JOB-000001');
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(saved).toEqual(['data.csv']));
    expect(exported).toEqual({
      filter: { status: 'approved' },
      accept: 'text/csv',
      authorization: 'Bearer header.eyJleHAiOjQxMDI0NDQ4MDB9.sig',
    });
    click.mockRestore();
    vi.unstubAllGlobals();
  });
});
