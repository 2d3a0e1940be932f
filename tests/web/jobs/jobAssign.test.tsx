import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';
import {
  agentAssignees,
  companyAssignees,
  jobsPage,
  makeJob,
  makeJobDetail,
} from '../support/jobsFixtures';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

function answerAssignees() {
  server.use(
    http.get('/api/v2/job/fetch-assignees/:type', ({ params }) =>
      HttpResponse.json(params.type === 'agent' ? agentAssignees : companyAssignees),
    ),
  );
}

async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function userTypes(user: User) {
  await user.click(await screen.findByRole('combobox', { name: 'User type' }));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return options;
}

describe('Assign Job', () => {
  it('assigns the jobs selected in the list to a company, toasts and goes back to the list', async () => {
    signIn(adminAccount);
    answerAssignees();
    let assigned: { path?: string; body?: unknown } = {};
    server.use(
      http.get('/api/v2/jobs', () => jobsPage([makeJob(1), makeJob(2), makeJob(3)])),
      http.patch('/api/v2/job/assign/:type/:id', async ({ request }) => {
        assigned = { path: new URL(request.url).pathname, body: await request.json() };
        return HttpResponse.json({ message: 'Job successfully Assigned', data: [] });
      }),
    );
    const { user } = await renderApp('/admin/jobs');
    const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr')!;
    await user.click(within(await rowOf('JOB-000001')).getByRole('checkbox'));
    await user.click(within(await rowOf('JOB-000003')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    expect(
      await screen.findByRole('heading', { name: 'Address Verification > Assign Job', level: 2 }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/jobs/assign');
    expect(screen.getByText('2 jobs selected')).toBeInTheDocument();
    const assign = screen.getByRole('button', { name: 'Assign Job' });
    expect(assign).toBeDisabled();

    await choose(user, 'User type', 'Company');
    await choose(user, 'Name', 'Abuja Checks Ltd');
    const card = screen.getByRole('region', { name: 'Abuja Checks Ltd' });
    expect(card).toHaveTextContent('Company nameAbuja Checks Ltd');
    // The company's user code and real state, not its database id or fixed text.
    expect(card).toHaveTextContent('IDCMP-000002');
    expect(card).not.toHaveTextContent(companyAssignees[0]!.id);
    expect(card).toHaveTextContent('StateFederal Capital Territory');
    expect(card).toHaveTextContent('Date createdNovember 2, 2024');
    expect(within(card).getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeInTheDocument();

    await user.click(assign);
    expect(await screen.findByText('Job successfully Assigned')).toBeInTheDocument();
    expect(assigned).toEqual({
      path: `/api/v2/job/assign/company/${companyAssignees[0]!.id}`,
      body: { list: [makeJob(1).id, makeJob(3).id] },
    });
    await waitFor(() => expect(currentPath()).toBe('/admin/jobs'));
  });

  it('assigns to an agent (super-admin), sending the type in the path', async () => {
    signIn(adminAccount);
    answerAssignees();
    let path = '';
    server.use(
      http.get(`/api/v2/job/detail/${makeJob(5).id}`, () =>
        HttpResponse.json(makeJobDetail(5, { actions: ['assign', 'cancel'] })),
      ),
      http.patch('/api/v2/job/assign/:type/:id', ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json({ message: 'Job successfully Assigned', data: [] });
      }),
    );
    const { user } = await renderApp(`/admin/jobs/profile/${makeJob(5).id}`);
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('1 job selected')).toBeInTheDocument();

    await choose(user, 'User type', 'Agent');
    await choose(user, 'Name', 'Emeka Obi');
    await user.click(screen.getByRole('button', { name: 'Assign Job' }));

    expect(await screen.findByText('Job successfully Assigned')).toBeInTheDocument();
    expect(path).toBe(`/api/v2/job/assign/agent/${agentAssignees[0]!.id}`);
    await waitFor(() => expect(currentPath()).toBe(`/admin/jobs/profile/${makeJob(5).id}`));
  });

  it('offers Agent only to super-admins', async () => {
    signIn(adminAccount);
    answerAssignees();
    const first = await renderApp('/admin/jobs/assign');
    expect(await userTypes(first.user)).toEqual(['Company', 'Agent']);
    first.unmount();

    signIn(companyAccount);
    const second = await renderApp('/company/assign-jobs');
    expect(await userTypes(second.user)).toEqual(['Company']);
  });

  it('shows a refused assignment as a toast and stays', async () => {
    signIn(companyAccount);
    answerAssignees();
    server.use(
      http.patch('/api/v2/job/assign/:type/:id', () =>
        HttpResponse.json(
          {
            message:
              'No TAT is set for Lagos / Address with audience Company: only the provider can set one (Settings → Set Amount)',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderApp(`/company/assign-jobs?ids=${makeJob(9).id}`);
    await choose(user, 'User type', 'Company');
    await choose(user, 'Name', 'Kano Verify');
    await user.click(screen.getByRole('button', { name: 'Assign Job' }));
    expect(await screen.findByText(/No TAT is set for Lagos \/ Address/)).toBeInTheDocument();
    expect(currentPath()).toBe('/company/assign-jobs');
  });

  it('leads to the create-jobs route', async () => {
    signIn(companyAccount);
    await renderApp('/company/assign-jobs');
    expect(await screen.findByRole('link', { name: 'Create Job' })).toHaveAttribute(
      'href',
      '/company/create-jobs',
    );
    expect(screen.getByRole('button', { name: 'Assign Job' })).toBeDisabled();
  });
});
