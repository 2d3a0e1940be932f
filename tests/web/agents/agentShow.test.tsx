import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../src/authProvider';
import type { AgentDetail } from '../../../server/schemas/agents';
import { zeroCounts } from '../support/jobsFixtures';
import { makeWallet } from '../support/moneyFixtures';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, signIn } from '../support/session';

const agentId = 'a0000000-0000-4000-8000-000000000007';

const agent: AgentDetail = {
  id: agentId,
  code: 'AGT-000007',
  first_name: 'Emeka',
  last_name: 'Obi',
  full_name: 'Emeka Obi',
  email: 'emeka.obi@example.ng',
  phone: '+2348031234567',
  status: 1,
  state: 'lagos',
  state_name: 'Lagos',
  lgas: ['Ikeja', 'Surulere'],
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
  job_counts: { ...zeroCounts, approved: 9, assigned: 3 },
  recent_jobs: [],
};

const subAdmin = (permissions: string[]): Account => ({
  ...adminAccount,
  id: 'acc-sub',
  role: 'sub-admin',
  isSuperAdmin: false,
  permissions,
});

/** The agent's page, answering its wallet with `wallet` and counting the wallet calls. */
function serveAgent(wallet = makeWallet(18000, 52500.5), shown: AgentDetail = agent) {
  const asked: (string | null)[] = [];
  server.use(
    http.get(`/api/v2/agents/${agentId}`, () => HttpResponse.json(shown)),
    http.get('/api/v2/wallet', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('agent_id'));
      return HttpResponse.json(wallet);
    }),
  );
  return asked;
}

/** Access checks answer asynchronously: give the page's CanAccess time to decide. */
const accessChecked = () => new Promise((resolve) => setTimeout(resolve, 300));
/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };
describe('Agent information (users/agents/{id})', () => {
  it("shows an admin the agent's balance available for payout and total earnings in naira", async () => {
    signIn(adminAccount);
    const asked = serveAgent();
    await renderApp(`/admin/users/agents/${agentId}`);
    const heading = await screen.findByRole(
      'heading',
      { name: 'Balance and earnings' },
      firstRender,
    );
    const figures = heading.parentElement!.querySelector('dl:last-of-type')!;
    await waitFor(() => expect(figures).toHaveTextContent('Available for payout₦18,000.00'));
    expect(figures).toHaveTextContent('Total earnings₦52,500.50');
    expect(asked).toEqual([agentId]);
  });

  it('lists recent jobs with their status in words', async () => {
    signIn(adminAccount);
    serveAgent(makeWallet(0), {
      ...agent,
      recent_jobs: [
        {
          id: 'j1',
          code: 'JOB-000041',
          type: 'business_address',
          status: 'submitted',
          state: 'lagos',
          rating: null,
          assigned_at: '2025-03-01T09:00:00.000Z',
          created_at: '2025-03-01T09:00:00.000Z',
        },
      ],
    });
    await renderApp(`/admin/users/agents/${agentId}`);
    const job = (await screen.findByRole('link', { name: 'JOB-000041' }, firstRender))
      .parentElement!;
    expect(job).toHaveTextContent('JOB-000041 · Business Address · Submitted · Mar 1, 2025');
  });

  it('hides them from a sub-admin who may see agents but not transactions, without asking', async () => {
    signIn(subAdmin(['User management (view)']));
    const asked = serveAgent();
    await renderApp(`/admin/users/agents/${agentId}`);
    expect(await screen.findByText('emeka.obi@example.ng')).toBeInTheDocument();
    await accessChecked();
    expect(screen.queryByText('Balance and earnings')).not.toBeInTheDocument();
    expect(screen.queryByText('₦18,000.00')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('shows them to a sub-admin with the transactions label; a failed read says so', async () => {
    signIn(subAdmin(['User management (view)', 'View Transaction History, make Payment etc']));
    server.use(
      http.get(`/api/v2/agents/${agentId}`, () => HttpResponse.json(agent)),
      http.get('/api/v2/wallet', () =>
        HttpResponse.json({ message: 'Agent not found' }, { status: 404 }),
      ),
    );
    await renderApp(`/admin/users/agents/${agentId}`);
    expect(
      await screen.findByRole('heading', { name: 'Balance and earnings' }, firstRender),
    ).toBeInTheDocument();
    expect(await screen.findAllByText('Unavailable')).toHaveLength(2);
  });

  it('asks before deactivating, saying the open jobs come back, then sends status 0', async () => {
    signIn(adminAccount);
    serveAgent();
    const sent: unknown[] = [];
    server.use(
      http.patch(`/api/v2/agents/${agentId}`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...agent, status: 0 });
      }),
    );
    const { user } = await renderApp(`/admin/users/agents/${agentId}`);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deactivate Emeka Obi?');
    expect(dialog).toHaveTextContent('their open jobs come back to you to assign again');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Agent deactivated')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 0 }]);
  });
});
