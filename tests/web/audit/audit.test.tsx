import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/resources/audit/types';
import type { User } from '../../../server/schemas/users';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';

const firstRender = { timeout: 20_000 };
/** A full app per test on a shared 2-core machine. */
const slow = 90_000;

const entry = (n: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: String(n),
  at: '2026-03-04T10:00:00.000Z',
  actor_id: `00000000-0000-4000-8000-00000000000${n}`,
  actor_name: 'Adaeze Okafor',
  actor_email: 'adaeze@lagosfreight.ng',
  company_id: 'co-1',
  company_name: 'Lagos Freight Ltd',
  action: 'job.create',
  target_type: 'job',
  target_id: 'job-1',
  outcome: 201,
  ip: '102.89.34.17',
  request_id: `req-${n}`,
  detail: {},
  ...over,
});

/** `GET /audit` answers `entries` (ra-data-simple-rest), recording each query's filter. */
function answerEntries(entries: (filter: Record<string, unknown>) => AuditEntry[]) {
  const filters: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/v2/audit', ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Record<
        string,
        unknown
      >;
      filters.push(filter);
      const list = entries(filter);
      return HttpResponse.json(list, {
        headers: { 'Content-Range': `audit 0-${Math.max(list.length - 1, 0)}/${list.length}` },
      });
    }),
  );
  return filters;
}

/** The actor picker's choices: `GET /users`. */
function answerUsers(users: Partial<User>[] = []) {
  server.use(
    http.get('/api/v2/users', () =>
      HttpResponse.json(users, {
        headers: { 'Content-Range': `users 0-${Math.max(users.length - 1, 0)}/${users.length}` },
      }),
    ),
  );
}

describe('Audit log', () => {
  it(
    'lists who did what, for which company, with the outcome; a vanished account shows its id',
    async () => {
      signIn(adminAccount);
      answerUsers();
      answerEntries(() => [
        entry(1, { action: 'company.suspend', outcome: 200, detail: { status: 'suspended' } }),
        entry(2, { actor_name: null, actor_email: null, action: 'wallet.fund' }),
        entry(3, { actor_id: null, actor_name: null, action: 'auth.login', outcome: 401 }),
      ]);
      await renderApp('/admin/audit');
      const suspend = (await screen.findByText('company.suspend', {}, firstRender)).closest('tr')!;
      expect(suspend).toHaveTextContent('Adaeze Okafor');
      expect(suspend).toHaveTextContent('Lagos Freight Ltd');
      expect(suspend).toHaveTextContent('{"status":"suspended"}');
      const fund = screen.getByText('wallet.fund').closest('tr')!;
      expect(fund).toHaveTextContent('Account 00000000-0000-4000-8000-000000000002');
      const login = screen.getByText('auth.login').closest('tr')!;
      expect(login).toHaveTextContent('Nobody signed in');
      expect(login).toHaveTextContent('401');
      expect(screen.getByRole('menuitem', { name: 'Audit log' })).toHaveAttribute(
        'href',
        '/admin/audit',
      );
    },
    slow,
  );

  it(
    'filters by actor, picked from the users by name',
    async () => {
      signIn(adminAccount);
      const ada = { id: 'u-ada', first_name: 'Ada', last_name: 'Eze', email: 'ada@verify.ng' };
      answerUsers([ada]);
      const filters = answerEntries((f) =>
        f.actor === 'u-ada'
          ? [entry(4, { actor_id: 'u-ada', actor_name: 'Ada Eze', action: 'job.cancel' })]
          : [entry(5, { action: 'job.create' })],
      );
      const { user } = await renderApp('/admin/audit');
      await screen.findByText('job.create', {}, firstRender);
      await user.click(screen.getByRole('combobox', { name: 'Who' }));
      await user.click(await screen.findByRole('option', { name: 'Ada Eze (ada@verify.ng)' }));
      expect(await screen.findByText('job.cancel')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('job.create')).toBeNull());
      expect(filters.at(-1)).toMatchObject({ actor: 'u-ada' });
    },
    slow,
  );

  it(
    "is in the company owner's menu too",
    async () => {
      signIn(companyAccount);
      answerUsers();
      answerEntries(() => [entry(6)]);
      await renderApp('/company/audit');
      expect(await screen.findByText('job.create', {}, firstRender)).toBeInTheDocument();
      expect(screen.getByRole('menuitem', { name: 'Audit log' })).toHaveAttribute(
        'href',
        '/company/audit',
      );
    },
    slow,
  );
});
