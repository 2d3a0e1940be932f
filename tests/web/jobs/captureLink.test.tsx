import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';
import { makeJob, makeJobDetail } from '../support/jobsFixtures';
import type { CaptureInfo, JobDetail } from '../../../src/resources/jobs/types';

const id = makeJob(7).id;
const liveUrl = 'https://verify.example.ng/automatic-address-verification/tok-live-123';
const newUrl = 'https://verify.example.ng/automatic-address-verification/tok-new-456';

/** A job assigned to the signed-in company user's company (companyAccount.company_id). */
const assignedJob = (capture: CaptureInfo, overrides: Partial<JobDetail> = {}) =>
  makeJobDetail(7, {
    status: 'assigned',
    assignee_type: 'company',
    assignee_id: 'co-1',
    assignee_name: 'Lagos Freight Ltd',
    company_id: 'c0000000-0000-4000-8000-000000000009',
    company_name: 'Owner Ltd',
    actions: ['accept', 'decline'],
    capture,
    ...overrides,
  });

const withLink: CaptureInfo = {
  has_link: true,
  link: {
    url: liveUrl,
    created_at: '2025-03-04T11:00:00.000Z',
    expires_at: '2025-03-11T11:00:00.000Z',
  },
  submission: null,
};

const answerDetail = (job: JobDetail) =>
  server.use(http.get(`/api/v2/job/detail/${id}`, () => HttpResponse.json(job)));

/** Replaces the clipboard (user-event installs its own stub at setup) with a spy. */
const spyClipboard = () => {
  const writeText = vi.fn(async (text: string) => {
    void text;
  });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
};

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('job profile: capture link', () => {
  it('shows the live link and copies it to the clipboard', async () => {
    signIn(companyAccount);
    answerDetail(assignedJob(withLink));
    const { user } = await renderApp(`/company/jobs/profile/${id}`);
    const writeText = spyClipboard();

    expect(await screen.findByRole('heading', { name: 'Capture link' })).toBeInTheDocument();
    expect(screen.getByLabelText('Link for the field agent')).toHaveValue(liveUrl);
    expect(screen.getByText(/^Expires March 11, 2025 at/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(writeText).toHaveBeenCalledWith(liveUrl);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('shares the link with navigator.share when the browser has it', async () => {
    signIn(companyAccount);
    answerDetail(assignedJob(withLink));
    const { user } = await renderApp(`/company/jobs/profile/${id}`);
    const writeText = spyClipboard();
    const share = vi.fn(async (data: ShareData) => {
      void data;
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(share).toHaveBeenCalledWith({ title: 'Capture link for job JOB-000007', url: liveUrl });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies instead when the browser cannot share', async () => {
    signIn(companyAccount);
    answerDetail(assignedJob(withLink));
    const { user } = await renderApp(`/company/jobs/profile/${id}`);
    const writeText = spyClipboard();
    expect('share' in navigator).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(liveUrl);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('creates a link with POST /job/{id}/capture-link and shows the new url', async () => {
    signIn(companyAccount);
    const posted: Array<{ method: string; path: string; auth: string | null }> = [];
    answerDetail(assignedJob({ has_link: false, link: null, submission: null }));
    server.use(
      http.post('/api/v2/job/:id/capture-link', ({ request }) => {
        posted.push({
          method: request.method,
          path: new URL(request.url).pathname,
          auth: request.headers.get('authorization'),
        });
        return HttpResponse.json(
          { url: newUrl, token: 'tok-new-456', expires_at: '2025-03-12T09:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    const { user } = await renderApp(`/company/jobs/profile/${id}`);

    expect(await screen.findByText('No capture link yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create capture link' }));

    expect(await screen.findByLabelText('Link for the field agent')).toHaveValue(newUrl);
    expect(posted).toEqual([
      {
        method: 'POST',
        path: `/api/v2/job/${id}/capture-link`,
        auth: expect.stringMatching(/^Bearer /),
      },
    ]);
    expect(
      screen.getByText('New capture link created: the previous one no longer works'),
    ).toBeInTheDocument();
    const writeText = spyClipboard();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(newUrl);
  });

  it('offers a new link when the old one can no longer be shown, and toasts a refusal', async () => {
    signIn(adminAccount);
    answerDetail(
      assignedJob({
        has_link: true,
        link: {
          url: null,
          created_at: '2025-03-04T11:00:00.000Z',
          expires_at: '2025-03-11T11:00:00.000Z',
        },
        submission: null,
      }),
    );
    server.use(
      http.post('/api/v2/job/:id/capture-link', () =>
        HttpResponse.json(
          { message: 'Cannot create a capture link for JOB-000007: it is submitted' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await renderApp(`/admin/jobs/profile/${id}`);

    expect(
      await screen.findByText('The capture link can no longer be shown: create a new one.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New link' }));

    expect(
      await screen.findByText('Cannot create a capture link for JOB-000007: it is submitted'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Link for the field agent')).not.toBeInTheDocument();
  });

  it('is not shown to a company the job is not assigned to', async () => {
    signIn(companyAccount);
    answerDetail(assignedJob(withLink, { assignee_id: 'co-other', assignee_name: 'Other Ltd' }));
    await renderApp(`/company/jobs/profile/${id}`);

    expect(
      await screen.findByRole('heading', { name: 'JOB-000007 · Chidi Okeke 7' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Capture link' })).not.toBeInTheDocument();
  });

  it("is not shown to the assignee's sub-user without the right to assign (the server's 403)", async () => {
    signIn({ ...companyAccount, role: 'sub-admin', permissions: ['View Job History'] });
    answerDetail(assignedJob(withLink, { actions: [] }));
    await renderApp(`/company/jobs/profile/${id}`);

    expect(
      await screen.findByRole(
        'heading',
        { name: 'JOB-000007 · Chidi Okeke 7' },
        { timeout: 15000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Capture link' })).not.toBeInTheDocument();
    expect(screen.queryByText(liveUrl)).not.toBeInTheDocument();
  });

  it('is not shown once the job is submitted', async () => {
    signIn(adminAccount);
    answerDetail(assignedJob(withLink, { status: 'submitted', actions: ['approve', 'reject'] }));
    await renderApp(`/admin/jobs/profile/${id}`);

    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Capture link' })).not.toBeInTheDocument();
  });
});
