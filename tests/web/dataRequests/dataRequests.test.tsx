import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DataSubjectErasure,
  DataSubjectFindings,
} from '../../../src/resources/dataRequests/types';
import { makeJob, makeJobDetail } from '../support/jobsFixtures';
import { catchDownloads } from '../support/moneyFixtures';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { permissionLabels } from '../../../reference/permissions';
import { adminAccount, companyAccount, signIn } from '../support/session';

const firstRender = { timeout: 20_000 };
/** A full app per test on a shared 2-core machine. */
const slow = 90_000;

const findings: DataSubjectFindings = {
  searched: ['phone'],
  jobs: [
    {
      id: makeJob(1).id,
      code: 'JOB-000101',
      type: 'address',
      status: 'approved',
      company_name: 'Lagos Credit Ltd',
      created_at: '2026-01-10T10:00:00.000Z',
      erasable: true,
      photos: 3,
      attachments: 1,
      has_location: true,
    },
    {
      id: makeJob(2).id,
      code: 'JOB-000102',
      type: 'address',
      status: 'assigned',
      company_name: 'Lagos Credit Ltd',
      created_at: '2026-03-01T10:00:00.000Z',
      erasable: false,
      photos: 0,
      attachments: 0,
      has_location: false,
    },
  ],
  agent_applications: [
    { id: 'app-1', code: 'APP-00012', status: 'pending', created_at: '2026-02-01T10:00:00.000Z' },
  ],
  accounts: [
    {
      id: 'acc-9',
      code: 'CMP-00099',
      role: 'company',
      status: 1,
      created_at: '2025-12-01T10:00:00.000Z',
    },
  ],
  messages: { count: 2, ids: ['m-1', 'm-2'] },
};

/** Answers the search, export and erase calls, recording what they were asked. */
function answerDataRequests() {
  const asked = { search: [] as string[], exports: [] as string[], erase: [] as unknown[] };
  server.use(
    http.get('/api/v2/data-requests/search', ({ request }) => {
      asked.search.push(new URL(request.url).search);
      return HttpResponse.json(findings);
    }),
    http.get('/api/v2/data-requests/export', ({ request }) => {
      asked.exports.push(`${request.headers.get('accept')} ${new URL(request.url).search}`);
      return new HttpResponse('%PDF-1.3', { headers: { 'Content-Type': 'application/pdf' } });
    }),
    http.post('/api/v2/data-requests/erase', async ({ request }) => {
      asked.erase.push(await request.json());
      return HttpResponse.json({
        erased: { jobs: 1, agent_applications: 1, accounts: 1, messages: 2, files: 5 },
        not_erased: [
          { type: 'job', id: makeJob(2).id, code: 'JOB-000102', reason: 'job in progress' },
        ],
      } satisfies DataSubjectErasure);
    }),
  );
  return asked;
}

afterEach(() => vi.restoreAllMocks());

describe('Data requests (admin area)', () => {
  it(
    'searches by phone, shows the findings grouped, downloads JSON and PDF, and erases after a dialog naming what goes and what stays',
    async () => {
      signIn(adminAccount);
      const asked = answerDataRequests();
      const saved = catchDownloads();
      const { user } = await renderApp('/admin/data-requests');

      await user.type(
        await screen.findByRole('textbox', { name: 'Phone number' }, firstRender),
        '0803 777 0001',
      );
      await user.click(screen.getByRole('button', { name: 'Search' }));

      const jobs = await screen.findByRole('region', { name: 'Verification jobs (2)' });
      expect(within(jobs).getByRole('link', { name: 'JOB-000101' })).toHaveAttribute(
        'href',
        `/admin/jobs/profile/${makeJob(1).id}`,
      );
      expect(jobs).toHaveTextContent('3 photos, 1 attachments');
      expect(jobs).toHaveTextContent('in progress: not erased until it closes');
      expect(screen.getByRole('region', { name: 'Agent applications (1)' })).toHaveTextContent(
        'APP-00012',
      );
      expect(screen.getByRole('region', { name: 'Accounts (1)' })).toHaveTextContent('CMP-00099');
      expect(screen.getByRole('region', { name: 'Messages (2)' })).toBeInTheDocument();
      expect(asked.search).toEqual([`?phone=0803+777+0001`]);

      await user.click(screen.getByRole('button', { name: 'Download JSON' }));
      await user.click(screen.getByRole('button', { name: 'Download PDF' }));
      await waitFor(() => expect(saved).toEqual(['personal-data.json', 'personal-data.pdf']));
      expect(asked.exports).toEqual([
        'application/json ?phone=0803+777+0001',
        'application/pdf ?phone=0803+777+0001',
      ]);

      await user.click(screen.getByRole('button', { name: 'Erase…' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('the personal data of 1 closed job');
      expect(dialog).toHaveTextContent('1 agent application');
      expect(dialog).toHaveTextContent('1 account, renamed "Erased user" and signed out');
      expect(dialog).toHaveTextContent('the words of 2 messages');
      expect(dialog).toHaveTextContent('1 job in progress, erased once it closes');
      expect(dialog).toHaveTextContent('ledger amounts');
      expect(asked.erase).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
      await waitFor(() => expect(asked.erase).toEqual([{ phone: '0803 777 0001', confirm: true }]));
      expect(
        await screen.findByText(
          'Erased: 1 jobs, 1 applications, 1 accounts; 1 jobs in progress kept',
        ),
      ).toBeInTheDocument();
    },
    slow,
  );

  it(
    'is for the heads only: a sub-admin holding every label sees access denied and no menu entry, and nothing is asked',
    async () => {
      signIn({
        ...adminAccount,
        id: 'acc-sub',
        role: 'sub-admin',
        isSuperAdmin: false,
        permissions: [...permissionLabels],
      });
      const asked = answerDataRequests();
      await renderApp('/admin/data-requests');
      expect(
        await screen.findByText(/not authorized|access denied/i, {}, firstRender),
      ).toBeInTheDocument();
      const menu = within(screen.getByRole('menu'));
      expect(menu.getAllByRole('menuitem').length).toBeGreaterThan(3);
      expect(menu.queryByRole('menuitem', { name: 'Data requests' })).toBeNull();
      expect(asked.search).toEqual([]);
    },
    slow,
  );

  it(
    'has its menu entry for an admin, not in the company area',
    async () => {
      signIn(adminAccount);
      const { unmount } = await renderApp('/admin/data-requests');
      expect(
        await screen.findByRole('menuitem', { name: 'Data requests' }, firstRender),
      ).toBeInTheDocument();
      unmount();
      localStorage.clear();
      signIn(companyAccount);
      await renderApp('/company');
      const menu = within(await screen.findByRole('menu', {}, firstRender));
      await menu.findByRole('menuitem', { name: 'Jobs' });
      expect(menu.queryByRole('menuitem', { name: 'Data requests' })).toBeNull();
    },
    slow,
  );
});

describe('job profile of an erased job', () => {
  it(
    'says when its personal data was erased and shows no evidence slots',
    async () => {
      signIn(adminAccount);
      const job = makeJobDetail(7, {
        status: 'approved',
        subject_name: '',
        fields: {},
        erased_at: '2026-02-03T09:00:00.000Z',
        capture: {
          has_link: false,
          sms: null,
          link: null,
          submission: {
            received_at: '2025-01-05T14:30:00.000Z',
            captured_at: null,
            lat: null,
            lng: null,
            accuracy_m: null,
            no_gps: true,
            location_text: null,
            photos: [],
            warnings: [],
          },
        },
      });
      server.use(http.get(`/api/v2/job/detail/${job.id}`, () => HttpResponse.json(job)));
      await renderApp(`/admin/jobs/profile/${job.id}`);
      expect(
        await screen.findByText(
          'Personal data erased on February 3, 2026 (retention)',
          {},
          firstRender,
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(job.code);
      expect(screen.queryByRole('heading', { name: 'Evidence' })).toBeNull();
      expect(screen.queryByRole('img')).toBeNull();
    },
    slow,
  );
});
