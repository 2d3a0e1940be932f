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
    loopback_public_url: null,
  },
  sms: null,
  submission: null,
};

/** The first screen of a file loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };

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

    expect(
      await screen.findByRole('heading', { name: 'Capture link' }, firstRender),
    ).toBeInTheDocument();
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
    answerDetail(assignedJob({ has_link: false, sms: null, link: null, submission: null }));
    server.use(
      http.post('/api/v2/job/:id/capture-link', ({ request }) => {
        posted.push({
          method: request.method,
          path: new URL(request.url).pathname,
          auth: request.headers.get('authorization'),
        });
        return HttpResponse.json(
          {
            url: newUrl,
            loopback_public_url: null,
            token: 'tok-new-456',
            expires_at: '2025-03-12T09:00:00.000Z',
          },
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
          loopback_public_url: null,
        },
        sms: null,
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

  it('shows the link as a QR code beside its text, and no warning when phones can reach it', async () => {
    signIn(companyAccount);
    answerDetail(assignedJob(withLink));
    await renderApp(`/company/jobs/profile/${id}`);

    const qr = await screen.findByRole('img', { name: /^QR code of the capture link/ });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(Number(qr.getAttribute('width'))).toBeGreaterThanOrEqual(200);
    expect(screen.getByLabelText('Link for the field agent')).toHaveValue(liveUrl);
    expect(screen.queryByText(/^Phones cannot open this link/)).not.toBeInTheDocument();
  });

  it('warns, naming PUBLIC_URL, when the server says it is a loopback address', async () => {
    signIn(companyAccount);
    const local = 'http://localhost:3000/automatic-address-verification/tok-live-123';
    answerDetail(
      assignedJob({
        ...withLink,
        link: { ...withLink.link!, url: local, loopback_public_url: 'http://localhost:3000' },
      }),
    );
    await renderApp(`/company/jobs/profile/${id}`);

    expect(
      await screen.findByText(
        'Phones cannot open this link: PUBLIC_URL is http://localhost:3000. Set PUBLIC_URL to an address phones can reach (see README).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^QR code/ })).toBeInTheDocument();
  });

  it("sends the link by SMS to the agent's phone (no number typed) and shows what became of it", async () => {
    signIn(adminAccount);
    const sent: unknown[] = [];
    const sms = {
      status: 'sending' as const,
      to: '••••••••••2233',
      created_at: '2025-03-04T12:00:00.000Z',
      sent_at: null,
      attempts: 0,
      error: null,
    };
    let capture: CaptureInfo = withLink;
    const agentJob = () =>
      assignedJob(capture, {
        assignee_type: 'agent',
        assignee_id: 'ag-1',
        assignee_name: 'Emeka Nwosu',
      });
    server.use(
      http.get(`/api/v2/job/detail/${id}`, () => HttpResponse.json(agentJob())),
      http.post('/api/v2/job/:id/capture-link/sms', async ({ request }) => {
        sent.push(await request.json());
        capture = { ...withLink, sms: { ...sms, status: 'sent', sent_at: sms.created_at } };
        return HttpResponse.json(sms, { status: 202 });
      }),
    );
    const { user } = await renderApp(`/admin/jobs/profile/${id}`);

    await user.click(await screen.findByRole('button', { name: 'Send by SMS' }));
    expect(
      await screen.findByText(
        "The link goes to Emeka Nwosu's phone. To send it to another phone, type its number.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('The SMS is on its way')).toBeInTheDocument();
    expect(sent).toEqual([{}]);
    expect(
      await screen.findByText(/^SMS sent to ••••••••••2233 on March 4, 2025/),
    ).toBeInTheDocument();
  });

  it('asks for a number when the job is not with an agent, and sends the one typed', async () => {
    signIn(companyAccount);
    const sent: unknown[] = [];
    answerDetail(assignedJob(withLink));
    server.use(
      http.post('/api/v2/job/:id/capture-link/sms', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          {
            status: 'sending',
            to: '••••••••••1234',
            created_at: '2025-03-04T12:00:00.000Z',
            sent_at: null,
            attempts: 0,
            error: null,
          },
          { status: 202 },
        );
      }),
    );
    const { user } = await renderApp(`/company/jobs/profile/${id}`);

    await user.click(await screen.findByRole('button', { name: 'Send by SMS' }));
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText(/Phone number/), '0803 555 1234');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('The SMS is on its way')).toBeInTheDocument();
    expect(sent).toEqual([{ phone: '0803 555 1234' }]);
  });

  it('says "SMS failed" with the provider\'s answer for a text that was given up', async () => {
    signIn(companyAccount);
    answerDetail(
      assignedJob({
        ...withLink,
        sms: {
          status: 'failed',
          to: '••••••••••1234',
          created_at: '2025-03-04T12:00:00.000Z',
          sent_at: null,
          attempts: 5,
          error: 'Termii answered 401',
        },
      }),
    );
    await renderApp(`/company/jobs/profile/${id}`);

    expect(
      await screen.findByText(/^SMS failed: the text to ••••••••••1234 could not be sent/),
    ).toHaveTextContent('(Termii answered 401)');
  });
});
