import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, signIn } from '../support/session';
import { agentAssignees, companyAssignees, filterOf } from '../support/jobsFixtures';
import {
  gtbAccount,
  makePayout,
  makeTransaction,
  makeWallet,
  restPage,
} from '../support/moneyFixtures';

/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };

type User = Awaited<ReturnType<typeof renderApp>>['user'];

const agentA = 'a0000000-0000-4000-8000-000000000001';
const agentB = 'a0000000-0000-4000-8000-000000000002';

async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }, firstRender));
  await user.click(await screen.findByRole('option', { name: option }));
}

function answerAssignees() {
  server.use(
    http.get('/api/v2/job/fetch-assignees/:type', ({ params }) =>
      HttpResponse.json(params.type === 'agent' ? agentAssignees : companyAssignees),
    ),
  );
}

/** Records `POST /payouts` calls; `answers` says what each successive call gets. */
function answerPayouts(answers: Array<number>) {
  const posts: Array<{ agent_id?: string; company_id?: string; key: string | null }> = [];
  server.use(
    http.post('/api/v2/payouts', async ({ request }) => {
      const body = (await request.json()) as { agent_id?: string; company_id?: string };
      posts.push({ ...body, key: request.headers.get('idempotency-key') });
      const status = answers[posts.length - 1] ?? 201;
      return status === 201
        ? HttpResponse.json(makePayout(posts.length, { agent_id: body.agent_id }), { status })
        : HttpResponse.json({ message: 'The bank gateway timed out' }, { status });
    }),
  );
  return posts;
}

describe('agent transactions and payouts', () => {
  it('opens on the fees, pays out the agents of the selected rows once each, and a retry reuses each key', async () => {
    signIn(adminAccount);
    answerAssignees();
    const lists: Request[] = [];
    server.use(
      http.get('/api/v2/transactions', ({ request }) => {
        lists.push(request);
        return restPage('transactions', [
          makeTransaction(1, {
            kind: 'fee',
            amount: 2000,
            agent_id: agentA,
            agent_name: 'Emeka Obi',
          }),
          makeTransaction(2, {
            kind: 'fee',
            amount: 2000,
            agent_id: agentA,
            agent_name: 'Emeka Obi',
          }),
          makeTransaction(3, {
            kind: 'fee',
            amount: 1500,
            agent_id: agentB,
            agent_name: 'Bola Ade',
          }),
        ]);
      }),
    );
    // The first attempt: agent B's payout fails; the retry must not pay agent A again.
    const posts = answerPayouts([201, 500, 201]);
    const { user } = await renderApp('/admin/transactions/agent-transactions');
    await screen.findByText('JOB-000003', {}, firstRender);
    expect(filterOf(lists.at(-1)!)).toEqual({ kind: 'fee' });

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Pay out' }));
    expect(await screen.findByText('The bank gateway timed out')).toBeInTheDocument();
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts.map((p) => p.agent_id).sort()).toEqual([agentA, agentB]);
    const firstKeyOfB = posts.find((p) => p.agent_id === agentB)!.key;
    expect(firstKeyOfB).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.key).not.toBe(posts[1]!.key);

    // Agent B's row is still selected (the action did not finish): pay out again.
    await user.click(screen.getByRole('button', { name: 'Pay out' }));
    await waitFor(() => expect(posts).toHaveLength(4));
    const retry = posts.slice(2);
    const retryOfB = retry.find((p) => p.agent_id === agentB)!;
    expect(retryOfB.key).toBe(firstKeyOfB);
    // Agent A's first payout went through: its next one is a new request, with a new key.
    const retryOfA = retry.find((p) => p.agent_id === agentA)!;
    expect(retryOfA.key).not.toBe(posts.find((p) => p.agent_id === agentA)!.key);
  }, 90_000);

  it('pays out one agent’s available balance', async () => {
    signIn(adminAccount);
    answerAssignees();
    server.use(
      http.get('/api/v2/payouts', () => restPage('payouts', [])),
      http.get('/api/v2/wallet', ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('agent_id') === agentA
            ? makeWallet(6500, 9000, { available: 6500 })
            : makeWallet(0),
        ),
      ),
    );
    const posts = answerPayouts([201]);
    const { user } = await renderApp('/admin/transactions/agent-payout');
    await choose(user, 'Agent', 'Emeka Obi');
    expect(await screen.findByText('Available balance: ₦6,500.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay out ₦6,500.00' }));
    expect(await screen.findByText('Payout created')).toBeInTheDocument();
    expect(posts).toEqual([{ agent_id: agentA, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  }, 90_000);

  it('pays out a partner’s available earnings, and not a partner without bank details', async () => {
    signIn(adminAccount);
    answerAssignees();
    const [withBank, withoutBank] = companyAssignees;
    const asked: string[] = [];
    server.use(
      http.get('/api/v2/payouts', () => restPage('payouts', [])),
      http.get('/api/v2/wallet', ({ request }) => {
        const companyId = new URL(request.url).searchParams.get('company_id');
        if (companyId) asked.push(companyId);
        return HttpResponse.json(
          companyId === withBank!.id
            ? makeWallet(120, 9000, { available: 7500, bank_account: gtbAccount })
            : makeWallet(0, 4000, { available: 4000 }),
        );
      }),
    );
    const posts = answerPayouts([201]);
    const { user } = await renderApp('/admin/transactions/agent-payout');
    await choose(user, 'Partner', 'Kano Verify');
    expect(
      await screen.findByText(
        'This partner has no bank details yet: its owner adds them in Settings > Edit Profile.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay out ₦4,000.00' })).toBeDisabled();

    await choose(user, 'Partner', 'Abuja Checks Ltd');
    const card = screen.getByRole('region', { name: 'Pay out a partner' });
    expect(await within(card).findByText('Available balance: ₦7,500.00')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Pay out ₦7,500.00' }));
    expect(await screen.findByText('Payout created')).toBeInTheDocument();
    expect(posts).toEqual([
      { company_id: withBank!.id, key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(asked.slice(0, 2)).toEqual([withoutBank!.id, withBank!.id]);
  }, 90_000);

  it('lists agent and partner payouts with their payee type and name', async () => {
    signIn(adminAccount);
    answerAssignees();
    const lists: Request[] = [];
    server.use(
      http.get('/api/v2/payouts', ({ request }) => {
        lists.push(request);
        return restPage('payouts', [
          makePayout(1),
          makePayout(2, {
            payee_type: 'company',
            payee_id: companyAssignees[0]!.id,
            payee_name: 'Abuja Checks Ltd',
            agent_id: null,
            agent_name: null,
            agent_email: null,
            company_id: companyAssignees[0]!.id,
            bank_name: gtbAccount.bank_name,
            account_number: gtbAccount.account_number,
          }),
        ]);
      }),
    );
    const { user } = await renderApp('/admin/transactions/agent-payout');
    const table = await screen.findByRole('table', {}, firstRender);
    const partnerRow = (await within(table).findByText('Abuja Checks Ltd')).closest('tr')!;
    expect(within(partnerRow).getByText('Partner company')).toBeInTheDocument();
    expect(within(partnerRow).getByText('3045182730')).toBeInTheDocument();
    const agentRow = within(table).getByText('Emeka Obi').closest('tr')!;
    expect(within(agentRow).getByText('Agent')).toBeInTheDocument();

    await choose(user, 'Payee type', 'Partner company');
    await waitFor(() => expect(filterOf(lists.at(-1)!)).toMatchObject({ payee_type: 'company' }));
  }, 90_000);

  it('marks a pending payout paid with the bank reference', async () => {
    signIn(adminAccount);
    const payout = makePayout(5);
    const patches: unknown[] = [];
    server.use(
      http.get('/api/v2/payouts/:id', () => HttpResponse.json(payout)),
      http.patch('/api/v2/payouts/:id', async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push({ id: params.id, body });
        return HttpResponse.json({ ...payout, ...body });
      }),
    );
    const { user } = await renderApp(`/admin/transactions/agent-payout/${payout.id}`);
    expect(await screen.findByText('2012345678')).toBeInTheDocument();
    expect(screen.getByText('₦4,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    await user.type(screen.getByLabelText(/^Bank reference/), 'ZEN-7781');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Payout marked paid')).toBeInTheDocument();
    expect(patches).toEqual([{ id: payout.id, body: { status: 'paid', reference: 'ZEN-7781' } }]);
  }, 90_000);
});
