import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../src/authProvider';
import { currentPath, renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';
import { emptySummary, jobsPage, makeJob } from '../support/jobsFixtures';

/** A provider sub-admin holding only these labels. */
const subAdmin = (permissions: string[]): Account => ({
  ...adminAccount,
  id: 'acc-sub',
  first_name: 'Kemi',
  last_name: 'Adeyemi',
  full_name: 'Kemi Adeyemi',
  role: 'sub-admin',
  isSuperAdmin: false,
  permissions,
});

/** Every API call the page makes, as `METHOD /path`. */
let calls: string[] = [];
const record = ({ request }: { request: Request }) => {
  calls.push(`${request.method} ${new URL(request.url).pathname}`);
};

beforeEach(() => {
  calls = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

const menuItems = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    // The Messages entry's unread badge (0 here) is part of its text.
    .map((item) => item.textContent?.replace(/^\d+/, ''));

describe("a sub-admin with only 'View Job History'", () => {
  const viewer = subAdmin(['View Job History']);

  beforeEach(() => {
    signIn(viewer);
    server.use(http.get('/api/v2/jobs', () => jobsPage([makeJob(1), makeJob(2)], 2)));
  });

  it('lands on the jobs list, not on a dashboard the server would refuse', async () => {
    await renderApp('/admin/dashboard');
    // The first render loads the area's code: slow on a busy machine.
    await waitFor(() => expect(currentPath()).toBe('/admin/jobs'), { timeout: 15000 });
    expect(await screen.findByText('JOB-000001', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(calls).not.toContain('GET /api/v2/job/summary/counts');
  });

  it('sees Jobs and Settings in the menu, and no Dashboard, Create Job or Bulk upload', async () => {
    await renderApp('/admin/jobs');
    await screen.findByText('JOB-000001');
    expect(menuItems()).toEqual(['Jobs', 'Messages', 'Settings']);
  });

  it('gets no create, export or assign controls on the jobs list', async () => {
    await renderApp('/admin/jobs');
    await screen.findByText('JOB-000001');
    expect(screen.queryByRole('link', { name: 'Create Job' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    // No selection checkboxes: their one bulk action is Assign.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('is told access is denied on the creation screen, which calls nothing', async () => {
    await renderApp('/admin/jobs/create-single');
    expect(await screen.findByText(/not authorized|access denied/i)).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('has no Edit Profile button in settings', async () => {
    await renderApp('/admin/settings');
    expect(await screen.findByText('Kemi Adeyemi')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });
});

describe('the same screens for the heads of the areas', () => {
  it('show the admin every menu entry and the list controls', async () => {
    signIn(adminAccount);
    server.use(http.get('/api/v2/jobs', () => jobsPage([makeJob(1)], 1)));
    await renderApp('/admin/jobs');
    await screen.findByText('JOB-000001');
    expect(menuItems()).toEqual([
      'Dashboard',
      'Jobs',
      'Create Job',
      'Bulk upload',
      'User management',
      'Company management',
      'Agent management',
      'Agent applications',
      'User transactions',
      'Agent transactions',
      'Agent payout',
      'Fund a wallet',
      'Messages',
      'Settings',
      'API keys',
      'Audit log',
      'Data requests',
      'Data breaches',
    ]);
    expect(screen.getByRole('link', { name: 'Create Job' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0);
  });

  it('open the company owner on the dashboard', async () => {
    signIn(companyAccount);
    await renderApp('/company');
    expect(await screen.findByText('Welcome, Adaeze Okafor')).toBeInTheDocument();
    expect(currentPath()).toBe('/company/dashboard');
  });

  it('show the company owner Edit Profile in settings', async () => {
    signIn(companyAccount);
    await renderApp('/company/settings');
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});

describe("a sub-admin with only 'View Dashboard'", () => {
  it('sees the counts but calls no job list, and the cards link nowhere', async () => {
    signIn(subAdmin(['View Dashboard']));
    server.use(
      http.get('/api/v2/job/summary/counts', () =>
        HttpResponse.json({ ...emptySummary, total: 9 }),
      ),
    );
    await renderApp('/admin');
    const counts = await screen.findByRole('region', { name: 'Jobs' });
    expect(currentPath()).toBe('/admin/dashboard');
    await waitFor(() => expect(within(counts).getByText('9')).toBeInTheDocument());
    expect(within(counts).queryAllByRole('link')).toEqual([]);
    expect(calls).toContain('GET /api/v2/job/summary/counts');
    expect(calls).not.toContain('GET /api/v2/jobs');
    expect(menuItems()).toEqual(['Dashboard', 'Messages', 'Settings']);
  });
});

describe('a screen the user may not open, typed in the address bar', () => {
  /** What every forbidden screen says, and that it asked the API for none of its data. */
  async function deniedWithout(path: string, forbidden: string[]) {
    await renderApp(path);
    expect(
      await screen.findByText(/not authorized|access denied/i, {}, { timeout: 15000 }),
    ).toBeInTheDocument();
    for (const call of forbidden) expect(calls).not.toContain(call);
    expect(localStorage.getItem('loggedIn')).toBe('true');
  }

  it("says access denied on the jobs list without 'View Job History', and asks for no jobs", async () => {
    signIn(subAdmin(['View Dashboard', 'Create Job', 'User management (view)']));
    await deniedWithout('/admin/jobs', ['GET /api/v2/jobs']);
  });

  it('says access denied on the company transactions without the money label, and asks nothing', async () => {
    signIn({ ...companyAccount, role: 'sub-admin', permissions: ['Create Job'] });
    await deniedWithout('/company/transactions', [
      'GET /api/v2/wallet',
      'GET /api/v2/transactions',
    ]);
  });

  it("says access denied on the people list without 'User management (view)'", async () => {
    signIn(subAdmin(['Create Job']));
    await deniedWithout('/admin/users', ['GET /api/v2/users']);
  });
});
