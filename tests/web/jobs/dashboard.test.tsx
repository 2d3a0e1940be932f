import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';
import { emptySummary, filterOf, jobsPage, makeJob, zeroCounts } from '../support/jobsFixtures';

const summary = {
  ...emptySummary,
  pending: 12,
  assigned: 7,
  accepted: 3,
  submitted: 2,
  approved: 40,
  overdue: 4,
  total: 64,
};

const card = (region: HTMLElement, label: string) =>
  within(region)
    .getAllByRole('link')
    .find((link) => within(link).queryByText(label, { exact: true }))!;

describe('dashboard', () => {
  it('shows the counts of /job/summary/counts as cards linking to the filtered list', async () => {
    signIn(adminAccount);
    server.use(http.get('/api/v2/job/summary/counts', () => HttpResponse.json(summary)));
    await renderApp('/admin/dashboard');

    const counts = await screen.findByRole('region', { name: 'Jobs' });
    expect(card(counts, 'All jobs')).toHaveTextContent('64');
    expect(card(counts, 'All jobs')).toHaveAttribute('href', '/admin/jobs');
    expect(card(counts, 'Pending')).toHaveTextContent('12');
    expect(card(counts, 'Pending')).toHaveAttribute(
      'href',
      `/admin/jobs?filter=${encodeURIComponent('{"status":"pending"}')}`,
    );
    expect(card(counts, 'Approved')).toHaveTextContent('40');
    expect(card(counts, 'Overdue')).toHaveTextContent('4');
    expect(card(counts, 'Overdue')).toHaveAttribute(
      'href',
      `/admin/jobs?filter=${encodeURIComponent('{"overdue":true}')}`,
    );
    // The company counts are the company area's.
    expect(screen.queryByRole('region', { name: "Your company's jobs" })).not.toBeInTheDocument();
  });

  it("shows each figure once when the company's own jobs are all the jobs it sees", async () => {
    signIn(companyAccount);
    const counts = { ...zeroCounts, ...summary, created_per_day: undefined };
    let answered = false;
    server.use(
      http.get('/api/v2/job/summary/counts', () => HttpResponse.json(summary)),
      http.get('/api/v2/job/company-job/counts', () => {
        answered = true;
        return HttpResponse.json({ counts, data: [], total: counts.total, page: 1 });
      }),
    );
    await renderApp('/company/dashboard');
    const jobs = await screen.findByRole('region', { name: 'Jobs' });
    expect(card(jobs, 'All jobs')).toHaveTextContent('64');
    // The company's counts have arrived and are not shown a second time.
    await waitFor(() => expect(answered).toBe(true));
    await screen.findByRole('heading', { name: 'Jobs by status' });
    expect(screen.queryByRole('region', { name: "Your company's jobs" })).not.toBeInTheDocument();
    expect(screen.getAllByText('All jobs')).toHaveLength(1);
  });

  it("adds the company's own counts in the company area when they differ", async () => {
    signIn(companyAccount);
    server.use(
      http.get('/api/v2/job/summary/counts', () => HttpResponse.json(summary)),
      http.get('/api/v2/job/company-job/counts', () =>
        HttpResponse.json({
          counts: { ...zeroCounts, pending: 5, cancelled: 1, total: 6 },
          data: [],
          total: 6,
          page: 1,
        }),
      ),
    );
    await renderApp('/company/dashboard');
    const own = await screen.findByRole('region', { name: "Your company's jobs" });
    expect(card(own, 'All jobs')).toHaveTextContent('6');
    expect(card(own, 'Cancelled')).toHaveAttribute(
      'href',
      `/company/jobs?filter=${encodeURIComponent('{"status":"cancelled"}')}`,
    );
  });

  it('lists recent and overdue jobs linking to their profiles', async () => {
    signIn(companyAccount);
    server.use(
      http.get('/api/v2/jobs', ({ request }) =>
        filterOf(request).overdue
          ? jobsPage([
              makeJob(3, {
                status: 'assigned',
                overdue: true,
                due_at: '2025-03-01T10:00:00.000Z',
              }),
            ])
          : jobsPage([makeJob(1), makeJob(2)]),
      ),
    );
    await renderApp('/company/dashboard');
    const recent = await screen.findByRole('region', { name: 'Recent jobs' });
    expect(await within(recent).findByRole('link', { name: /JOB-000002/ })).toHaveAttribute(
      'href',
      `/company/jobs/profile/${makeJob(2).id}`,
    );
    // A list of list items, each a link (not links straight in a list).
    const items = within(within(recent).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      expect.stringContaining('JOB-000001'),
      expect.stringContaining('JOB-000002'),
    ]);
    const overdue = screen.getByRole('region', { name: 'Overdue jobs' });
    const link = await within(overdue).findByRole('link', { name: /JOB-000003/ });
    expect(within(overdue).getByRole('listitem')).toContainElement(link);
    expect(link).toHaveAttribute('href', `/company/jobs/profile/${makeJob(3).id}`);
    expect(link).toHaveTextContent('Overdue');
  });

  it('loads the charts after the rest of the page', async () => {
    signIn(adminAccount);
    server.use(http.get('/api/v2/job/summary/counts', () => HttpResponse.json(summary)));
    await renderApp('/admin/dashboard');
    // The charts' module (@mui/x-charts) is the largest the app loads lazily: its first transform
    // in a worker took over the suite's 5 s wait in CI while the API tests filled both cores.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Jobs created per day (last 30 days)' },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Jobs by status' })).toBeInTheDocument();
  });
});

describe('menu', () => {
  it.each([
    [
      companyAccount,
      '/company/dashboard',
      [
        '/company/dashboard',
        '/company/jobs',
        '/company/create-single-job',
        '/company/create-jobs',
        '/company/settings',
      ],
    ],
    [
      adminAccount,
      '/admin/dashboard',
      [
        '/admin/dashboard',
        '/admin/jobs',
        '/admin/jobs/create-single',
        '/admin/jobs/create',
        '/admin/settings',
      ],
    ],
  ])('leads to the job screens of the area (%#)', async (account, path, hrefs) => {
    signIn(account);
    await renderApp(path);
    const menu = await screen.findByRole('menu');
    const names = ['Dashboard', 'Jobs', 'Create Job', 'Bulk upload', 'Settings'];
    for (const [index, name] of names.entries()) {
      expect(await within(menu).findByRole('menuitem', { name })).toHaveAttribute(
        'href',
        hrefs[index],
      );
    }
  });
});
