import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../src/authProvider';
import type { AgentApplication } from '../../../server/schemas/agentApplications';
import type { Agent } from '../../../server/schemas/agents';
import { agentAssignees } from '../support/jobsFixtures';
import { catchDownloads, makePayout, restPage } from '../support/moneyFixtures';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, signIn } from '../support/session';

/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };
/** Access checks answer asynchronously: give the page's CanAccess time to decide. */
const accessChecked = () => new Promise((resolve) => setTimeout(resolve, 300));

const agent: Agent = {
  id: 'a0000000-0000-4000-8000-000000000007',
  code: 'AGT-000007',
  first_name: 'Emeka',
  last_name: 'Obi',
  full_name: 'Emeka Obi',
  email: 'emeka.obi@example.ng',
  phone: '+2348031234567',
  status: 1,
  state: 'lagos',
  state_name: 'Lagos',
  lgas: ['Ikeja'],
  nin: '12345678901',
  bank_code: '057',
  bank_name: 'Zenith Bank',
  account_number: '2012345678',
  account_name: 'Emeka Obi',
  photo_url: null,
  application_id: null,
  created_at: '2025-02-01T09:00:00.000Z',
  jobs_total: 12,
  average_rating: 4.5,
};

const application: AgentApplication = {
  id: 'b0000000-0000-4000-8000-000000000003',
  code: 'APP-000003',
  status: 'pending',
  first_name: 'Ngozi',
  last_name: 'Eze',
  full_name: 'Ngozi Eze',
  email: 'ngozi@example.ng',
  phone: '+2348031234568',
  state: 'lagos',
  state_name: 'Lagos',
  lgas: ['Ikeja'],
  nin: '12345678902',
  bank_code: '057',
  bank_name: 'Zenith Bank',
  account_number: '2012345679',
  account_name: 'Ngozi Eze',
  photo_url: '/api/v2/agent-applications/b0000000-0000-4000-8000-000000000003/photo',
  created_at: '2025-02-02T09:00:00.000Z',
  decided_at: null,
  agent_id: null,
  duplicates: [],
};

const screens = [
  { path: '/admin/users/agents', resource: 'agents', rows: [agent], shown: 'Emeka Obi' },
  {
    path: '/admin/users/agents/application',
    resource: 'agent-applications',
    rows: [application],
    shown: 'Ngozi Eze',
  },
  {
    path: '/admin/transactions/agent-payout',
    resource: 'payouts',
    rows: [makePayout(1, { payee_name: 'Bisi Ade', agent_name: 'Bisi Ade' })],
    shown: 'Bisi Ade',
  },
];

/** Answers each list, and records the CSV exports asked of the server. */
function serveLists() {
  const exported: { resource: string; filter: unknown; accept: string | null }[] = [];
  server.use(
    http.get('/api/v2/job/fetch-assignees/:type', () => HttpResponse.json(agentAssignees)),
    ...screens.map(({ resource, rows }) =>
      http.get(`/api/v2/${resource}`, ({ request }) => {
        const accept = request.headers.get('accept');
        if (accept?.includes('text/csv')) {
          const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}');
          exported.push({ resource, filter, accept });
          return new HttpResponse('code\r\nX\r\n', { headers: { 'Content-Type': 'text/csv' } });
        }
        return restPage(resource, rows);
      }),
    ),
  );
  return exported;
}

const staff = (permissions: string[]): Account => ({
  ...adminAccount,
  id: 'acc-sub',
  role: 'sub-admin',
  isSuperAdmin: false,
  permissions,
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('exports of agents, agent applications and payouts come from the server', () => {
  it.each(screens)(
    '$path: Export asks the server for the CSV of the filtered list',
    async ({ path, resource, shown }) => {
      signIn(adminAccount);
      const saved = catchDownloads();
      const exported = serveLists();
      const { user } = await renderApp(path);
      await screen.findByText(shown, {}, firstRender);
      await user.click(await screen.findByRole('button', { name: 'Export' }));
      await waitFor(() => expect(saved).toEqual(['data.csv']));
      expect(exported).toEqual([
        {
          resource,
          filter: resource === 'agent-applications' ? { status: 'pending' } : {},
          accept: 'text/csv',
        },
      ]);
    },
    60_000,
  );

  it.each(screens)(
    "$path: no Export without 'View, Print & Download Report'",
    async ({ path, shown }) => {
      signIn(staff(['User management (view)', 'View Transaction History, make Payment etc']));
      serveLists();
      await renderApp(path);
      await screen.findByText(shown, {}, firstRender);
      await accessChecked();
      expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    },
    60_000,
  );
});
