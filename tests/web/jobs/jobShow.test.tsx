import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, makeJwt, signIn } from '../support/session';
import { jobsPage, makeJob, makeJobDetail } from '../support/jobsFixtures';
import type { JobDetail } from '../../../src/resources/jobs/types';

const id = makeJob(7).id;

const submittedJob = (overrides: Partial<JobDetail> = {}) =>
  makeJobDetail(7, {
    status: 'submitted',
    assignee_type: 'company',
    assignee_id: 'c0000000-0000-4000-8000-000000000002',
    assignee_name: 'Abuja Checks Ltd',
    assigned_at: '2025-03-04T11:00:00.000Z',
    due_at: '2025-03-05T11:00:00.000Z',
    overdue: true,
    fields: {
      first_name: 'Chidi',
      last_name: 'Okeke',
      phone: '+2348031234567',
      email: 'chidi.okeke@example.ng',
      address: '12 Allen Avenue',
      landmark: 'Opposite the filling station',
      id_type: 'nin',
      id_number: '12345678901',
    },
    events: [
      {
        id: 1,
        actor_id: 'acc-company',
        actor_name: 'Adaeze Okafor',
        from_status: null,
        to_status: 'pending',
        reason: null,
        kind: 'move',
        created_at: '2025-03-04T10:00:00.000Z',
      },
      {
        id: 2,
        actor_id: 'acc-admin',
        actor_name: 'Tunde Bakare',
        from_status: 'pending',
        to_status: 'assigned',
        reason: 'Assigned to Abuja Checks Ltd',
        kind: 'move',
        created_at: '2025-03-04T11:00:00.000Z',
      },
      {
        id: 3,
        actor_id: null,
        actor_name: null,
        from_status: 'assigned',
        to_status: 'assigned',
        reason: 'Turnaround time passed without a submission',
        kind: 'overdue',
        created_at: '2025-03-05T11:00:00.000Z',
      },
    ],
    attachments: [
      {
        id: 'f-1',
        file_name: 'utility-bill.pdf',
        content_type: 'application/pdf',
        size_bytes: 204_800,
        sha256: 'abc',
        created_at: '2025-03-04T10:00:00.000Z',
      },
    ],
    actions: ['approve', 'reject'],
    ...overrides,
  });

const answerDetail = (job: JobDetail) =>
  server.use(http.get(`/api/v2/job/detail/${id}`, () => HttpResponse.json(job)));

describe('job profile', () => {
  it("shows the kind's fields, assignment, due time with overdue badge, history and attachments", async () => {
    signIn(companyAccount);
    answerDetail(submittedJob());
    await renderApp(`/company/jobs/profile/${id}`);

    const heading = await screen.findByRole('heading', { name: 'JOB-000007 · Chidi Okeke 7' });
    expect(heading).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('First name')).toHaveTextContent('Chidi');
    expect(value('Landmark')).toHaveTextContent('Opposite the filling station');
    expect(value('State')).toHaveTextContent('Lagos');
    expect(value('LGA')).toHaveTextContent('Ikeja');
    expect(value('ID type')).toHaveTextContent('NIN');
    expect(value('Guarantor name')).toHaveTextContent('—');
    expect(value('Owner company')).toHaveTextContent('Lagos Freight Ltd');
    expect(value('Assignee')).toHaveTextContent('Abuja Checks Ltd (Company)');
    expect(value('Due')).toHaveTextContent(/Mar 5, 2025, .*Overdue/);
    // The job's own status: the chip under its heading (not a word anywhere on the page).
    const status = within(heading.parentElement!).getByText('Submitted');
    expect(status.closest('.MuiChip-root')).not.toBeNull();

    const history = screen.getByRole('list', { name: 'History' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent(/Pending.*Assigned/);
    expect(items[1]).toHaveTextContent('by Tunde Bakare');
    expect(items[1]).toHaveTextContent('Reason: Assigned to Abuja Checks Ltd');
    // A TAT breach is told as such, not as a move from Assigned to Assigned.
    expect(items[2]).toHaveTextContent('Overdue: turnaround time passed');
    expect(items[2]).not.toHaveTextContent(/Assigned.*Assigned/);
    expect(items[2]).toHaveTextContent('by system');
    expect(
      within(screen.getByRole('list', { name: 'Attachments' })).getByText('utility-bill.pdf'),
    ).toBeInTheDocument();
  });

  it('downloads an attachment as a blob fetched with the bearer token', async () => {
    const token = makeJwt(600);
    signIn(companyAccount, { accessToken: token });
    answerDetail(submittedJob());
    let auth: string | null = null;
    server.use(
      http.get(`/api/v2/jobs/${id}/attachments/f-1`, ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:attachment'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(`${this.download} ${this.href}`);
    });
    const { user } = await renderApp(`/company/jobs/profile/${id}`);

    await user.click(await screen.findByRole('button', { name: 'Download utility-bill.pdf' }));

    await waitFor(() => expect(clicks).toEqual(['utility-bill.pdf blob:attachment']));
    expect(auth).toBe(`Bearer ${token}`);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.4');
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('offers only the actions the server lists', async () => {
    signIn(companyAccount);
    answerDetail(submittedJob({ status: 'assigned', actions: ['accept', 'decline'] }));
    await renderApp(`/company/jobs/profile/${id}`);

    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    for (const name of ['Approve', 'Reject', 'Assign', 'Cancel job']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('accepts with PATCH /job/update-status/accept, toasts and reloads the profile', async () => {
    signIn(companyAccount);
    let sent: unknown;
    let job = submittedJob({ status: 'assigned', overdue: false, actions: ['accept', 'decline'] });
    server.use(
      http.get(`/api/v2/job/detail/${id}`, () => HttpResponse.json(job)),
      http.patch('/api/v2/job/update-status/accept', async ({ request }) => {
        sent = await request.json();
        job = { ...job, status: 'accepted', actions: ['cancel'] };
        return HttpResponse.json(job);
      }),
    );
    const { user } = await renderApp(`/company/jobs/profile/${id}`);

    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept job JOB-000007?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Accepted created')).toBeInTheDocument();
    expect(sent).toEqual({ jobId: id });
    expect(await screen.findByRole('button', { name: 'Cancel job' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('approves with a rating and a reason, toasts, and returns to the previous page', async () => {
    signIn(adminAccount);
    let sent: { url?: string; method?: string; body?: unknown } = {};
    server.use(
      http.get('/api/v2/jobs', () => jobsPage([makeJob(7, { status: 'submitted' })])),
      http.get(`/api/v2/job/detail/${id}`, () => HttpResponse.json(submittedJob())),
      http.put('/api/v2/job/appove-or-reject/:id/:type', async ({ request }) => {
        sent = {
          url: new URL(request.url).pathname,
          method: request.method,
          body: await request.json(),
        };
        return HttpResponse.json(makeJob(7, { status: 'approved', rating: 4 }));
      }),
    );
    const { user } = await renderApp('/admin/jobs');
    await user.click(await screen.findByRole('link', { name: 'JOB-000007' }));

    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve job JOB-000007?' });
    // A plain click: user-event's pointer moves give MUI Rating's hover maths a 0-wide box in jsdom.
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 Stars' }));
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'All photos match');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Job successfully approved or rejected')).toBeInTheDocument();
    expect(sent).toEqual({
      url: `/api/v2/job/appove-or-reject/${id}/approve`,
      method: 'PUT',
      body: { reason: 'All photos match', rating: 4 },
    });
    await waitFor(() => expect(currentPath()).toBe('/admin/jobs'));
  });

  it('shows a refused approval as an error toast and stays on the job', async () => {
    signIn(adminAccount);
    answerDetail(submittedJob());
    server.use(
      http.put('/api/v2/job/appove-or-reject/:id/:type', () =>
        HttpResponse.json(
          { message: 'Cannot approve JOB-000007: it is approved' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await renderApp(`/admin/jobs/profile/${id}`);

    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject job JOB-000007?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Cannot approve JOB-000007: it is approved'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Job successfully approved or rejected')).not.toBeInTheDocument();
    expect(currentPath()).toBe(`/admin/jobs/profile/${id}`);
  });
});
